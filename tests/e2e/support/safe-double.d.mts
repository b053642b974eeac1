/** Types of safe-double.mjs (a plain Node module, so scripts/e2e.mjs runs it without a build). */
export interface SafeDouble {
  readonly url: string;
  close(): Promise<void>;
}
export function startSafeDouble(options?: { port?: number; host?: string; holdMs?: number }): Promise<SafeDouble>;
