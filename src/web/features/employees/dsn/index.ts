export { DsnImportButton } from './DsnImportButton.tsx';
export { DsnResultView } from './DsnResultView.tsx';
