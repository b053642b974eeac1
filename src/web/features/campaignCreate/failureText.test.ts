import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/render.tsx';
import { failureText } from './failureText.ts';

const t = testI18n.t.bind(testI18n);

describe('the sentence after « La création de la campagne a échoué. »', () => {
  it('gives the reason, then names the file in a sentence of its own', () => {
    expect(failureText(t, 'error.upload.damaged', 'two.pdf')).toBe(
      'Ce PDF est endommagé, incomplet ou mal formé (tronqué, ou modifié après sa création) : il ne peut pas être lu de façon sûre. Enregistrez-le de nouveau depuis le logiciel qui l’a produit, puis déposez-le. Fichier concerné : two.pdf.',
    );
    expect(failureText(t, 'error.upload.not-pdf', 'a.pdf, b.pdf')).toBe(
      'Seuls les fichiers PDF sont acceptés. Fichiers concernés : a.pdf, b.pdf.',
    );
  });

  it('names people as people, and never leaves a bare name when the reason is unknown', () => {
    expect(failureText(t, 'error.campaign.recipient-without-email', 'Léa Martin')).toMatch(
      / Personne concernée : Léa Martin\.$/,
    );
    expect(failureText(t, 'error.something.unknown', 'two.pdf')).toBe('En cause : two.pdf.');
    expect(failureText(t, 'error.upload.empty', undefined)).toBe('Ce PDF ne contient aucune page.');
  });
});
