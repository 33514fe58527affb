/*
 * The embedded KYC sandbox's verification page: the document @sumsub/websdk loads into its iframe
 * from `${baseUrl}/websdk/websdk.html` when baseUrl is the portal itself. It speaks the WebSDK's
 * postMessage protocol with the parent (idCheck.onReady → idCheck.init, status events, token
 * renewal on invalid-token) and calls the sandbox's API with the access token it was given, never
 * with the portal's cookies.
 */
(() => {
  'use strict';

  const API = '/websdk/api';
  const POLL_MS = 4000;
  const RENEWAL_TIMEOUT_MS = 30000;

  // The SDK appends `?_=id_<btoa(token)>` unencoded, so '+' must not be read as a space.
  const frameId = (/[?&]_=([^&]*)/.exec(location.search) || [])[1] || '';
  const params = new URLSearchParams(location.search);
  if (params.get('theme') === 'dark') document.documentElement.classList.add('dark');
  const sessionId = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

  const $ = (id) => document.getElementById(id);
  const texts = window.websdkI18n;
  let lang = 'en';
  /** A text in the page's language (English when a text or language is missing). */
  const tr = (key, vars) =>
    ((texts[lang] && texts[lang][key]) || texts.en[key] || key).replace(/\{(\w+)\}/g, (_, name) =>
      String((vars || {})[name]),
    );

  function applyLanguage(requested) {
    lang = texts[requested] ? requested : 'en';
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
    for (const element of document.querySelectorAll('[data-i18n]'))
      element.textContent = tr(element.dataset.i18n);
    for (const element of document.querySelectorAll('[data-i18n-alt]'))
      element.alt = tr(element.dataset.i18nAlt);
  }
  const views = ['loading', 'form', 'pending', 'approved', 'final', 'error'];
  const FIELDS = ['firstName', 'lastName', 'dob', 'country', 'idDocType', 'number', 'document'];

  let accessToken = null;
  let renewal = null;
  let config = null;
  let applicant = null;
  let lastStatusKey = null;
  let pollTimer = null;
  let uploadedFile = null;
  let previewUrl = null;

  // ----- the WebSDK protocol -----

  function post(method, payload) {
    if (window.parent === window) return;
    window.parent.postMessage(Object.assign({ method, frameId, sessionId }, payload || {}), location.origin);
  }

  window.addEventListener('message', (event) => {
    // Only the portal page that embeds us may drive the page.
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const data = event.data || {};
    if (data.method === 'idCheck.init') {
      if (accessToken) return;
      accessToken = typeof data.accessToken === 'string' ? data.accessToken : null;
      applyLanguage(typeof data.lang === 'string' ? data.lang.slice(0, 2) : 'en');
      post('idCheck.onInitialized');
      void start();
    } else if (data.method === 'idCheck.updateAccessToken' && renewal) {
      const pending = renewal;
      renewal = null;
      if (typeof data.accessToken === 'string' && data.accessToken) {
        accessToken = data.accessToken;
        pending.resolve();
      } else {
        pending.reject(new Error(data.error || 'The verification session has expired'));
      }
    }
  });

  /** Asks the parent for a fresh token (it calls the portal's POST /api/kyc/token). */
  function renewToken() {
    if (!renewal) {
      let resolve;
      let reject;
      const promise = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const timer = setTimeout(() => {
        if (renewal && renewal.promise === promise) {
          renewal = null;
          reject(new Error('The verification session has expired'));
        }
      }, RENEWAL_TIMEOUT_MS);
      renewal = {
        promise,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      post('idCheck.onError', { code: 'invalid-token', error: 'Access token is invalid or expired' });
    }
    return renewal.promise;
  }

  function statusPayload(current) {
    return {
      reviewStatus: current.reviewStatus,
      reprocessing: false,
      levelName: current.levelName,
      createDate: current.createDate,
      reviewDate: current.reviewDate || undefined,
      autoChecked: false,
      ...(current.reviewResult ? { reviewResult: current.reviewResult } : {}),
    };
  }

  /** Tells the parent about each new review state (Sumsub: idCheck.onApplicantStatusChanged). */
  function announce(current) {
    const key = current.reviewStatus + '/' + (current.reviewResult ? current.reviewResult.reviewAnswer : '');
    if (key === lastStatusKey) return;
    lastStatusKey = key;
    if (current.reviewStatus !== 'init') post('idCheck.onApplicantStatusChanged', statusPayload(current));
  }

  // ----- the sandbox API -----

  class ApiError extends Error {
    constructor(status, body) {
      super((body && body.error) || 'HTTP ' + status);
      this.status = status;
      this.fields = (body && body.fields) || {};
    }
  }

  async function api(path, body, retried) {
    const response = await fetch(API + path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'omit',
      cache: 'no-store',
      headers: Object.assign(
        { accept: 'application/json' },
        accessToken ? { 'x-access-token': accessToken } : {},
        body === undefined ? {} : { 'content-type': 'application/json' },
      ),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (response.status === 401 && !retried && path !== '/config') {
      await renewToken();
      return api(path, body, true);
    }
    if (!response.ok) throw new ApiError(response.status, json);
    return json;
  }

  // ----- rendering -----

  function show(name) {
    for (const view of views) $('view-' + view).hidden = view !== name;
  }

  function showError(error) {
    stopPolling();
    $('error-text').textContent = error && error.message ? error.message : tr('tryAgain');
    show('error');
  }

  function render(current) {
    applicant = current;
    announce(current);
    const result = current.reviewResult;
    if (current.reviewStatus === 'pending') {
      show('pending');
      startPolling();
      return;
    }
    stopPolling();
    if (current.reviewStatus === 'completed' && result && result.reviewAnswer === 'GREEN') {
      show('approved');
    } else if (current.reviewStatus === 'completed' && result && result.reviewRejectType === 'FINAL') {
      $('final-reason').textContent = result.moderationComment || tr('finalReason');
      show('final');
    } else {
      $('rejection').hidden = !result;
      $('rejection-reason').textContent =
        result && result.moderationComment ? ' ' + result.moderationComment : '';
      uploadedFile = current.document ? uploadedFile : null;
      show('form');
    }
  }

  function startPolling() {
    if (pollTimer) return;
    pollTimer = setInterval(async () => {
      try {
        const { applicant: current } = await api('/applicant');
        if (current.reviewStatus !== 'pending') render(current);
      } catch (error) {
        showError(error);
      }
    }, POLL_MS);
  }

  function stopPolling() {
    clearInterval(pollTimer);
    pollTimer = null;
  }

  function fillForm() {
    const country = $('country');
    for (const { code, name } of config.countries
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
      country.append(new Option(name, code));
    }
    const types = $('idDocType');
    for (const { code, name } of config.documentTypes)
      types.append(new Option(texts[lang][code] || name, code));
    $('dob').max = new Date().toISOString().slice(0, 10);
    $('document').accept = config.contentTypes.join(',');
    $('max-size').textContent = String(Math.round(config.maxDocumentBytes / (1024 * 1024)));
  }

  async function start() {
    if (!accessToken) {
      showError(new Error(tr('noToken')));
      return;
    }
    show('loading');
    try {
      if (!config) {
        config = await api('/config');
        fillForm();
      }
      const { applicant: current } = await api('/applicant');
      post('idCheck.onApplicantLoaded', { applicantId: current.id });
      render(current);
    } catch (error) {
      showError(error);
    }
  }

  // ----- the form -----

  function setFieldError(field, message) {
    const input = $(field);
    const slot = $(field + '-error');
    if (slot) slot.textContent = message || '';
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  function clearErrors() {
    for (const field of FIELDS) setFieldError(field, '');
    $('form-error').textContent = '';
  }

  function readBase64(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
      reader.onerror = () => reject(new Error(tr('unreadable')));
      reader.readAsDataURL(file);
    });
  }

  $('document').addEventListener('change', () => {
    const file = $('document').files[0];
    setFieldError('document', '');
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = null;
    const preview = $('preview');
    preview.hidden = true;
    if (file && file.type.startsWith('image/')) {
      previewUrl = URL.createObjectURL(file);
      preview.src = previewUrl;
      preview.hidden = false;
    }
  });

  $('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    const file = $('document').files[0];
    if (file && file.size > config.maxDocumentBytes) {
      setFieldError('document', tr('tooLarge', { mb: $('max-size').textContent }));
      return;
    }
    const button = $('submit');
    button.disabled = true;
    button.textContent = tr('submitting');
    try {
      if (file && file !== uploadedFile) {
        await api('/applicant/document', {
          contentType: file.type,
          data: await readBase64(file),
        });
        uploadedFile = file;
      }
      const form = new FormData($('form'));
      const info = {};
      for (const field of FIELDS.slice(0, 6)) info[field] = String(form.get(field) || '');
      const { applicant: current } = await api('/applicant/submit', info);
      post('idCheck.onApplicantSubmitted');
      // The review starts as pending; a sandbox set to auto-approve has decided already.
      if (current.reviewStatus !== 'pending') {
        announce(
          Object.assign({}, current, { reviewStatus: 'pending', reviewResult: null, reviewDate: null }),
        );
      }
      render(current);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        void start();
        return;
      }
      const fields = Object.assign({}, (error && error.fields) || {});
      // The upload's own fields belong under the file input.
      fields.document = fields.document || fields.contentType || fields.data;
      // The server asks for the document only once the other fields pass: say it at once with them.
      const otherFields = FIELDS.some((field) => field !== 'document' && fields[field]);
      if (otherFields && !fields.document && !file && !(applicant && applicant.document))
        fields.document = tr('documentRequired');
      let placed = false;
      for (const field of FIELDS) {
        if (fields[field]) {
          setFieldError(field, fields[field]);
          placed = true;
        }
      }
      if (error instanceof ApiError && [413, 415].includes(error.status)) {
        setFieldError('document', error.message);
        placed = true;
      }
      if (!placed) $('form-error').textContent = error && error.message ? error.message : tr('tryAgain');
    } finally {
      button.disabled = false;
      button.textContent = tr('submit');
    }
  });

  $('retry').addEventListener('click', () => void start());

  // ----- height for adaptIframeHeight -----

  let lastHeight = 0;
  const reportHeight = () => {
    // The content's own height (not the document's, which never gets smaller than the iframe).
    const height = Math.ceil($('app').getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post('idCheck.onResize', { height });
    }
  };
  new ResizeObserver(reportHeight).observe($('app'));

  if (window.parent === window) {
    $('loading-text').textContent = tr('openFromPortal');
  }
  post('idCheck.onReady');
})();
