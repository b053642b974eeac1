/**
 * The three places a generated path is replayed, and what `npm test` demands of each:
 * - machine: every machine, every transition (machines/<name>/<name>.paths.test.ts);
 * - API: the machines the server applies, each path through the real API (the suites below);
 * - browser: the machines a user drives, through the screens in Chromium (tests/e2e/machine-paths.spec.ts).
 */

/** Suites that replay every generated path of a machine against the real API and jobs. */
export const API_SUITES: Readonly<Record<string, string>> = {
  campaign: 'tests/server/campaign-paths-api.test.ts',
  signbook: 'tests/server/signbook-paths.test.ts',
  signer: 'tests/server/signer-paths-api.test.ts',
};

/**
 * The browser coverage `npm test` demands per machine (percent of its transitions walked by the
 * replay, tests/e2e/machine-paths.spec.ts): 100 for a machine whose adapter drives every transition,
 * else the floor its adapter reaches today, so that a screen or adapter change losing a path fails.
 * Machines absent here have no adapter yet (tests/e2e/paths/); each transition left out is listed
 * with its reason by `npm run paths` and in docs/machines/<name>.md. Raise a floor when an adapter
 * or a screen closes a gap; add a machine when its adapter exists.
 */
export const BROWSER_THRESHOLDS: Readonly<Record<string, number>> = {
  auth: 100,
  'domain-choice': 100,
  upload: 100,
  'campaign-creation': 100,
  // The creation sheet, and the employee page for what follows a save (the sheet closes after it).
  'employee-form': 100,
  // The safe refusing to open an account: the personal-safe double (tests/e2e/support/safe-double.mjs).
  'employee-sheet': 100,
  // Every transition, on a user's page (the user-group and rule pages share its layout and chart).
  'rights-form': 100,
  // Every transition: the page's PDF check answers a refusal or none (its actor never rejects).
  'signbook-creation': 100,
  'signbook-template': 100,
  // Every transition: the server's « expired » on a code waited out (30 s codes on the e2e server).
  signer: 100,
  // Documents left failed for good are the free-trial company's past its limit (deletable): deleted, one or all,
  // and retried in vain. The safe double refuses deposits (retryable: the campaign retried, a document sent again),
  // is unavailable (the run fails) or holds one (a document sent ahead of the run, its progress seen).
  // An intent while splitting: a long payroll (8000 pages of the sample's, ~21 s of real split), renamed or
  // canceled on its page, canceled through the API when the path ends splitting.
  campaign: 100,
  // The campaign page's table, selection and actions on campaigns of its own: reads held then answered or
  // dropped, an ignored page assigned (a re-read), a refusal pushed from the API, a row's retry (essai past its
  // limit), the campaign's « Relancer » (a deposit refused by the safe double) and the leave for the list after it.
  // The two actions' actors never reject (every failure is an outcome with its alert): no transition left out.
  'campaign-documents': 100,
  // A failed seal: the employee signatory's safe (the double) refuses the sealed document; retried, deleted.
  signbook: 100,
  // Alerts raised by real calls, the session's expiry pushed, the reminders from real counts; both reminders at
  // once with a retryable campaign in error of the path's own (a deposit refused by the safe double).
  alerts: 100,
  // The users list: reads held then answered or dropped, a search typed while one is held, « Réessayer » after a
  // failure. The campaigns list (a variant) for the reloads the users list has not: a campaign created through the
  // real route, its push reading the list again once shown, or while the list's read is held.
  read: 100,
  // The forgotten-password dialog (sent, or its call dropped) and a draft signbook's deletion (its confirmation
  // declined or given, the deletion answered or dropped): every call held in the browser's network meanwhile.
  command: 100,
  // Every lifetime: the manual (standing) one is a campaign of the free-trial company ending in error on its page.
  alert: 100,
  // Two tasks at once: an upload and the documents' archive; each entry's close (a running upload aborted). The
  // server's entries are the split of a campaign of the path's own, its end held in the browser's network while
  // the path sees it run.
  notifications: 100,
  // A 1.7 MB DSN on a limited upload shows its progress and is cancelled in the panel.
  'dsn-import': 100,
  // Every transition, on the creation page (the edit page runs the same regions).
  'org-form': 100,
  // The creation page, and a group's page for its read, the save that stays and the deletion.
  'group-form': 100,
  // Every transition, on the sheet of an organisation of the path's own.
  'org-conf': 100,
  // A document of the trial company refused past its limit (a campaign per path), the demo's seeded page for nobody
  // (no file), links to none (404); the retry's failure and the PDF's are the connection dropped.
  'dispatched-doc': 100,
  // A campaign per path from the sample payroll (its page for nobody ignored by the split); the search's 300 ms are
  // the app's own; the list, search and assignment failing are the connection dropped.
  'ignored-pages': 100,
  // A user of the path's own (created through the rights API, password from the mailed link): never a demo persona.
  profile: 100,
  // The path's own employees (first on both lists); reads held then answered or dropped, the other list through the
  // side navigation, a reload by an employee created in the sheet, a bulk call dropped.
  'employee-list': 100,
  // Real files (a text file named .pdf refused), the first check waiting for pdf.js held in the network, uploads
  // stored, dropped, held in flight, or watched and canceled on a limited upload bandwidth.
  'document-upload': 100,
  // The administrator's archive: reads held then answered or dropped, a search typed or emptied meanwhile, a reload by a
  // document deposited through the real upload route (its push), a zip saved, canceled in the panel on a limited
  // download, or dropped.
  'document-list': 100,
  // A new mask on a type nothing else in the replay uses (SOLDE_TOUT_COMPTE): a sample picked, the zone drawn, the
  // problems shown on « Enregistrer », the save stored or dropped, « Annuler ».
  'mask-editor': 100,
};
