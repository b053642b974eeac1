/** Section routes this feature renders (paths as declared in src/web/routes/sections.tsx). */
import { lazyRouteComponent } from '@tanstack/react-router';
import type { SectionPages } from '../../routes/sectionPages.ts';

const list = lazyRouteComponent(() => import('./SignbookListPage.tsx'), 'SignbookListPage');
const item = lazyRouteComponent(() => import('./SignbookPage.tsx'), 'SignbookPage');
const listOrItem = lazyRouteComponent(() => import('./ListOrItemPage.tsx'), 'ListOrItemPage');
const creation = lazyRouteComponent(() => import('./CreationPage.tsx'), 'CreationPage');
const templates = lazyRouteComponent(() => import('./TemplateListPage.tsx'), 'TemplateListPage');
const template = lazyRouteComponent(() => import('./TemplatePage.tsx'), 'TemplatePage');
const socialSigners = lazyRouteComponent(() => import('./SocialSignersPage.tsx'), 'SocialSignersPage');

export const signbooksPages: SectionPages = {
  signworkflows: list,
  'signworkflows/status/$status': list,
  'signworkflows/status/$status/$subStatusOrId': listOrItem,
  'signworkflows/status/$status/$subStatus/$id': item,
  'signworkflows/creation': creation,
  'signworkflows/templates': templates,
  'signworkflows/templates/$id': template,
  'signatories/social': socialSigners,
};
