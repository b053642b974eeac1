/** `/signworkflows/status/{status}/{x}`: a sub-status list when `x` names one, else the signbook `x`. */
import { useParams } from '@tanstack/react-router';
import { SignbookListPage } from './SignbookListPage.tsx';
import { SignbookPage } from './SignbookPage.tsx';
import { scopeOf } from './signbookPaths.ts';

export const ListOrItemPage = () =>
  scopeOf(useParams({ strict: false })).id ? <SignbookPage /> : <SignbookListPage />;
