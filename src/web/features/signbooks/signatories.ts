/** The draft's signatory rules live with the signbook-creation machine (pure, shared by the editor and the templates). */
export * from '../../../../machines/signbook-creation/signbookCreation.model.ts';
