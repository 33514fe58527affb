import type { ReviewResult, SnsWebSdk } from '@sumsub/websdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/Notifier';
import { useMessage } from '../../../i18n/use-message';
import { ApiError } from '../../../lib/api-client';
import { requestKycToken } from '../api/kyc-token';
import { useSyncKycData } from '../api/sync-kyc';

export type KycPhase = 'loading' | 'ready' | 'syncing' | 'error';

/** How long the token, the SDK and the widget's page may take before we offer 'Try Again'. */
const START_TIMEOUT_MS = 30_000;

/** Only an approval counts: a rejection also arrives as reviewStatus 'completed' (ADR 8). */
const isApproved = (result: ReviewResult | undefined) => result?.reviewAnswer === 'GREEN';

/**
 * The KYC modal's life (docs/product.md §2.11, §4.6): fetch a token, launch @sumsub/websdk into
 * `container`, renew the token on invalid-token, and once approved sync the data, announce it and
 * close. Closing also syncs first. The SDK loads only when the modal opens.
 */
export function useKycVerification({
  open,
  container,
  onClose,
}: {
  open: boolean;
  container: HTMLElement | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const notify = useNotify();
  const sync = useSyncKycData();
  const [phase, setPhase] = useState<KycPhase>('loading');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // Each opening starts afresh (React's "adjust state when a prop changes", during render).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPhase('loading');
      setError(undefined);
      setNotice(undefined);
    }
  }
  const applicantId = useRef<string | undefined>(undefined);
  const started = useRef(false);
  const settling = useRef(false);

  // The widget's callbacks outlive renders: they reach the latest functions through this ref.
  const latest = useRef({ t, language: i18n.language, message, notify, sync, onClose });
  useEffect(() => {
    latest.current = { t, language: i18n.language, message, notify, sync, onClose };
  });

  const finish = useCallback(async (approved: boolean) => {
    const { t, message, notify, sync, onClose } = latest.current;
    settling.current = true;
    setPhase('syncing');
    try {
      const result = await sync.mutateAsync(applicantId.current);
      if (!approved || result.status === 'verified') {
        if (approved) notify(t('kyc.completed'));
        onClose();
        return;
      }
      // The widget said yes, the provider (our source of truth) not yet: say what it says.
      setNotice(message(result.message));
      setPhase('ready');
    } catch (failure) {
      if (!approved) {
        // Closing never gets stuck on a failed sync; the next one catches up.
        console.warn('KYC sync on close failed', failure);
        onClose();
        return;
      }
      setError(t('kyc.syncFailed', { message: message((failure as Error).message) }));
      setPhase('error');
    } finally {
      settling.current = false;
    }
  }, []);

  useEffect(() => {
    if (!open || !container) return;
    let cancelled = false;
    let sdk: SnsWebSdk | undefined;
    const { t, language, message } = latest.current;
    applicantId.current = undefined;
    started.current = false;

    const fail = (text: string) => {
      if (cancelled) return;
      clearTimeout(timer);
      sdk?.destroy();
      sdk = undefined;
      setError(text);
      setPhase('error');
    };
    const timer = setTimeout(() => fail(t('kyc.initFailed')), START_TIMEOUT_MS);
    const onStatus = (payload: { reviewResult?: ReviewResult }) => {
      if (!cancelled && !settling.current && isApproved(payload.reviewResult)) void finish(true);
    };

    void (async () => {
      try {
        const answer = await requestKycToken();
        if (cancelled) return;
        started.current = true;
        applicantId.current = answer.applicantId;
        if (!answer.token) return fail(t('kyc.noToken'));
        const { default: snsWebSdk } = await import('@sumsub/websdk');
        if (cancelled) return;
        sdk = snsWebSdk
          .init(answer.token, async () => {
            const renewed = await requestKycToken();
            if (!renewed.token) throw new Error(t('kyc.noToken'));
            return renewed.token;
          })
          // null: the embedded sandbox, served by this portal at /websdk/websdk.html.
          .withBaseUrl(answer.websdkUrl ?? window.location.origin)
          .withConf({ lang: language, theme: 'light' })
          .withOptions({ addViewportTag: false, adaptIframeHeight: true })
          .on('idCheck.onReady', () => {
            clearTimeout(timer);
            if (!cancelled) setPhase('ready');
          })
          .on('idCheck.onApplicantLoaded', (payload) => {
            applicantId.current = payload.applicantId;
          })
          .on('idCheck.applicantStatus', onStatus)
          .on('idCheck.onApplicantStatusChanged', onStatus)
          .on('idCheck.onError', (payload) => {
            console.warn('KYC widget error', payload.code);
            fail(t('kyc.failed'));
          })
          .build();
        sdk.launch(container);
        container.querySelector('iframe')?.setAttribute('title', t('kyc.frameTitle'));
      } catch (failure) {
        fail(
          failure instanceof ApiError
            ? (message(failure.message) ?? t('kyc.initFailed'))
            : t('kyc.initFailed'),
        );
      }
    })();

    return () => {
      cancelled = true;
      clearTimeout(timer);
      sdk?.destroy();
    };
  }, [open, container, attempt, finish]);

  const busy = phase === 'loading' || phase === 'syncing';
  return {
    phase,
    error,
    notice,
    busy,
    retry: () => {
      setPhase('loading');
      setError(undefined);
      setNotice(undefined);
      setAttempt((value) => value + 1);
    },
    /** X, footer Close and Escape: sync first (docs/product.md §2.11), except while loading or syncing. */
    requestClose: () => {
      if (busy) return;
      if (!started.current) onClose();
      else void finish(false);
    },
  };
}
