import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import ar from './ar.json';
import { english } from './catalogue';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('i18n catalogues', () => {
  const reference = leaves(english as Tree);

  it('English holds the spec strings exactly, shared messages included', () => {
    expect(english.messages).toEqual(messages);
    expect(en.auth.login).toMatchObject({
      title: 'Investor Portal',
      submit: 'Sign In',
      createAccount: 'Create investor account',
      forgotPassword: 'Forgot your password?',
      accessWarning: 'Access warning: This is the investor application. Your role is {{role}}.',
    });
    expect(en.auth.register).toMatchObject({
      title: 'Create Investor Account',
      submit: 'Create Account',
      signIn: 'Sign in',
    });
    expect(en.fields).toMatchObject({
      fullName: 'Full Name',
      emailAddress: 'Email Address',
      password: 'Password',
      confirmPassword: 'Confirm Password',
    });
    expect(en.topbar).toMatchObject({
      defaultTitle: 'Investor Dashboard',
      kycVerification: 'KYC Verification',
      verified: 'Verified',
      notifications: 'Notifications',
      settings: 'Settings',
    });
    expect(en.nav).toMatchObject({
      overview: 'Overview',
      vault: 'My Vault',
      did: 'My DID',
      sbt: 'Soul Bound Tokens',
      portfolio: 'Portfolio',
      marketplace: 'Marketplace',
      opportunities: 'Opportunities',
      analytics: 'Analytics',
      assets: 'My Assets',
      'account-settings': 'Settings',
    });
    expect(en.overview.title).toBe('Investment Dashboard');
  });

  it.each([
    ['ar', ar],
    ['fr', fr],
  ])('%s translates every key, with the same placeholders', (_language, catalogue) => {
    const translated = leaves(catalogue as Tree);
    expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of reference) {
      expect(translated.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(translated.get(key)!), key).toEqual(placeholders(text));
    }
  });
});
