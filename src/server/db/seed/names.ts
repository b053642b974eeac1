/** French names and places for generated demo people. */

// prettier-ignore
export const FIRST_NAMES_F = [
  'Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Sarah', 'Julie', 'Laura', 'Claire', 'Anne', 'Marie', 'Nathalie',
  'Isabelle', 'Sandrine', 'Céline', 'Aurélie', 'Émilie', 'Pauline', 'Mathilde', 'Juliette', 'Lucie', 'Élodie',
  'Hélène', 'Sophie', 'Valérie', 'Christelle', 'Amandine', 'Margaux', 'Océane', 'Zoé', 'Louise', 'Jeanne',
] as const;

// prettier-ignore
export const FIRST_NAMES_M = [
  'Thomas', 'Nicolas', 'Julien', 'Maxime', 'Alexandre', 'Antoine', 'Hugo', 'Lucas', 'Louis', 'Paul', 'Pierre',
  'Mathieu', 'Guillaume', 'Romain', 'Sébastien', 'Olivier', 'Christophe', 'François', 'Laurent', 'Stéphane',
  'Jérôme', 'David', 'Frédéric', 'Benoît', 'Théo', 'Clément', 'Adrien', 'Vincent', 'Rémi', 'Yanis', 'Karim', 'Mehdi',
] as const;

// prettier-ignore
export const LAST_NAMES = [
  'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent', 'Simon',
  'Michel', 'Lefebvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard', 'Bonnet', 'Dupont',
  'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefèvre', 'Faure', 'André', 'Mercier', 'Blanc',
  'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia', 'Perrin', 'Robin',
  'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Masson', 'Marchand', 'Duval',
  'Denis', 'Dumont', 'Marie', 'Lemaire', 'Noël', 'Meyer', 'Dufour', 'Meunier', 'Brun', 'Blanchard', 'Giraud',
  'Joly', 'Rivière', 'Lucas', 'Brunet', 'Gaillard', 'Barbier', 'Arnaud', 'Martinez', 'Gérard', 'Roche', 'Renard',
  'Schmitt', 'Roy', 'Leroux', 'Colin', 'Vidal', 'Caron', 'Picard', 'Roger', 'Fabre', 'Aubert', 'Lemoine',
] as const;

export const STREET_TYPES = ['rue', 'avenue', 'boulevard', 'place', 'impasse', 'allée', 'chemin'] as const;
// prettier-ignore
export const STREET_NAMES = [
  'de la République', 'Victor Hugo', 'Jean Jaurès', 'de la Paix', 'des Lilas', 'Pasteur', 'du Général de Gaulle',
  'Gambetta', 'des Écoles', 'de la Gare', 'Voltaire', 'Émile Zola', 'des Acacias', 'du Moulin', 'Saint-Michel',
  'de Verdun', 'Jules Ferry', 'des Tilleuls', 'du Château', 'de Provence', 'Carnot', 'Lafayette',
] as const;

/** City, postal code and the département code used in social security numbers. */
export interface City {
  city: string;
  postal: string;
  dept: string;
}

export const CITIES_BY_REGION: Record<'paris' | 'lyon' | 'nord' | 'marseille' | 'nantes' | 'bordeaux', City[]> = {
  paris: [
    { city: 'Paris', postal: '75011', dept: '75' },
    { city: 'Paris', postal: '75015', dept: '75' },
    { city: 'Montreuil', postal: '93100', dept: '93' },
    { city: 'Boulogne-Billancourt', postal: '92100', dept: '92' },
    { city: 'Vincennes', postal: '94300', dept: '94' },
    { city: 'Saint-Denis', postal: '93200', dept: '93' },
  ],
  lyon: [
    { city: 'Lyon', postal: '69003', dept: '69' },
    { city: 'Lyon', postal: '69007', dept: '69' },
    { city: 'Villeurbanne', postal: '69100', dept: '69' },
    { city: 'Vénissieux', postal: '69200', dept: '69' },
    { city: 'Bron', postal: '69500', dept: '69' },
  ],
  nord: [
    { city: 'Lille', postal: '59000', dept: '59' },
    { city: 'Roubaix', postal: '59100', dept: '59' },
    { city: 'Lesquin', postal: '59810', dept: '59' },
    { city: 'Arras', postal: '62000', dept: '62' },
  ],
  marseille: [
    { city: 'Marseille', postal: '13008', dept: '13' },
    { city: 'Marseille', postal: '13013', dept: '13' },
    { city: 'Aix-en-Provence', postal: '13100', dept: '13' },
    { city: 'Aubagne', postal: '13400', dept: '13' },
  ],
  nantes: [
    { city: 'Nantes', postal: '44000', dept: '44' },
    { city: 'Saint-Herblain', postal: '44800', dept: '44' },
    { city: 'Rezé', postal: '44400', dept: '44' },
  ],
  bordeaux: [
    { city: 'Bordeaux', postal: '33000', dept: '33' },
    { city: 'Mérignac', postal: '33700', dept: '33' },
    { city: 'Pessac', postal: '33600', dept: '33' },
  ],
};
export type Region = keyof typeof CITIES_BY_REGION;

/** Lower-case ASCII for e-mail local parts (`Éloïse Lefèvre` → `eloise.lefevre`). */
export const asciiSlug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
