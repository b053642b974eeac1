/**
 * Feature rights of seed 000 §6. A session's `features` list comes from the user and their user
 * groups; the server checks the feature of every route (see `routes.ts`) in one place.
 */
export const FEATURES = [
  'OrgList',
  'OrgCreateUpdate',
  'UserAccess',
  'ParaphCreateUpdate',
  'ParaphList',
  'DocSearch',
  'EmpList',
  'DocListDispatch',
  'DocCreateDispatch',
] as const;
export type Feature = (typeof FEATURES)[number];

export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);

/** What each feature gates in the interface (seed 000 §6), for the rights screens and docs. */
export const FEATURE_GATES: Record<Feature, string> = {
  OrgList: 'organisation menu and list',
  OrgCreateUpdate: 'creating and editing an organisation',
  UserAccess: 'users, rules and user groups menus',
  ParaphCreateUpdate: 'signbook templates and social signers menus',
  ParaphList: 'signbook menus',
  DocSearch: 'documents menu',
  EmpList: 'employees menu',
  DocListDispatch: 'campaigns menu',
  DocCreateDispatch: 'creating a campaign; the retry-able failed campaigns alert',
};

/** Flags carried by the user rather than granted as rights. */
export const USER_FLAGS = ['signatureV3', 'freeTrial'] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
