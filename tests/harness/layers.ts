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
  // Left out: the safe refusing to open an account (the demo's embedded safe never refuses).
  'employee-sheet': 95.2,
  // Every transition, on a user's page (the user-group and rule pages share its layout and chart).
  'rights-form': 100,
  // Left out: the page's PDF check failing (it refuses what it cannot read).
  'signbook-creation': 95,
  'signbook-template': 100,
  // Left out: the server answering « expired » (its own clock would have to pass the code's 10 minutes).
  signer: 96.5,
  // Documents left failed are the free-trial company's past its limit (deletable): deleted, one or all, and
  // retried in vain. Left out: a run dying and inError's retry (the demo's safe never refuses, its database does
  // not fail), the last failed document deposited (no screen or API raises a trial's limit), an intent while
  // splitting or a document sent while dispatching (the real jobs end within a second), a second progress report.
  campaign: 68.1,
  // The campaign page's table, selection and actions on campaigns of its own: reads held then answered or
  // dropped, an ignored page assigned (a re-read), a refusal pushed from the API, a row's retry (essai past its
  // limit). Left out: the campaign's « Réessayer » and the leave for the list after it (never offered: the demo's
  // safe never refuses, its database does not fail), the two actions' ports rejecting (they answer every failure).
  'campaign-documents': 83.3,
  // The users list: reads held then answered or dropped, a search typed while one is held, « Réessayer » after a
  // failure. Left out: a reload from shown or while loading (no action of that list changes its rows, it follows no
  // push; the campaign and signbook lists read again on a push).
  read: 77.7,
  // Left out: a failed seal (only a damaged stored document fails it) and the retry and deletion after it.
  signbook: 80,
  // Alerts raised by real calls, the session's expiry pushed, the reminders from real counts. Left out: closing
  // one of two reminders (the app tests before the replay retry the campaign behind the second one).
  alerts: 94.7,
  // Every lifetime: the manual (standing) one is a campaign of the free-trial company ending in error on its page.
  alert: 100,
  // Two tasks at once: an upload and the documents' archive. The server's pushed entries come from a campaign of the
  // path's own, refused; the paper task removed by the app on a campaign's page. Left out: the other removals (the
  // app removes only its paper task, once done, alone on that page), a pushed running entry (never).
  notifications: 72,
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
};
