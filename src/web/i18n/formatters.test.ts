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
