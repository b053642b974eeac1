import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../testing/render.tsx';
import { frenchDe } from './formatters.ts';

describe('French texts with a name inside', () => {
  it('elide « de » before a vowel or a mute h, not before a consonant', () => {
    expect(frenchDe('Olivier André')).toBe('d’Olivier André');
    expect(frenchDe('Élodie Roux')).toBe('d’Élodie Roux');
    expect(frenchDe('Hugo Blanc')).toBe('d’Hugo Blanc');
    expect(frenchDe('Camille Martin')).toBe('de Camille Martin');
    expect(testI18n.t('campaigns.document.title', { recipient: 'Olivier André' })).toBe('Document d’Olivier André');
    expect(testI18n.t('campaigns.docs.open', { recipient: 'Camille Martin' })).toBe(
      'Voir le document de Camille Martin',
    );
  });

  it('count letters and documents with real plurals', () => {
    expect(testI18n.t('campaigns.postal.summary', { count: 1, time: '10:00' })).toBe('1 courrier · actualisé à 10:00');
    expect(testI18n.t('campaigns.postal.summary', { count: 3, time: '10:00' })).toBe('3 courriers · actualisé à 10:00');
    expect(testI18n.t('campaigns.postal.progress', { count: 2 })).toBe('Envoi papier de 2 documents');
  });
});

describe('the texts themselves (issue 15)', () => {
  const locales = ['fr', 'en', 'es', 'pt', 'de', 'nl'] as const;
  const values = (locale: string): [string, string][] => {
    const out: [string, string][] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') out.push([path, node]);
      else for (const [k, v] of Object.entries(node as object)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${locale}.json`), 'utf8')), '');
    return out;
  };
  // Placeholders name variables (`{{organization}}`) and nested texts name keys
  // (`$t(organizations.list.employees, …)`), not words a reader sees.
  const words = (text: string) => text.replace(/\$t\([^)]*\)/g, 'X').replace(/\{\{[^}]*\}\}/g, 'X');

  it('write plurals as plural forms, never « (s) »', () => {
    for (const locale of locales)
      for (const [key, text] of values(locale))
        expect(words(text), `${locale}:${key}`).not.toMatch(/\p{L}\((s|es|en|n|e|x|ões)\)/u);
    expect(testI18n.t('employees.fields.organizationsOf', { count: 1 })).toBe('Organisation');
    expect(testI18n.t('employees.fields.organizationsOf', { count: 2 })).toBe('Organisations');
  });

  it('write English with no space before a colon and one spelling (British: organisation, cancelled)', () => {
    const american =
      /organiz|\bcancel(ed|ing)\b|\b(?!size)\w+iz(e|ed|es|ing|ation)s?\b|\b(color|center|behavior|favorite)/i;
    for (const [key, text] of values('en')) {
      expect(words(text), `en:${key}`).not.toMatch(/\s[:;!?]/);
      expect(words(text), `en:${key}`).not.toMatch(american);
    }
  });

  it('elide before a file name too: « Dépôt d’avenant.pdf »', () => {
    expect(testI18n.t('documents.upload.notification', { name: 'avenant.pdf' })).toBe('Dépôt d’avenant.pdf');
    expect(testI18n.t('documents.upload.notification', { name: 'bulletin.pdf' })).toBe('Dépôt de bulletin.pdf');
  });
});
