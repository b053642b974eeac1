/**
 * Signing material, created on first use and kept in the domain's `signing_material` table (so the
 * embedded PGlite default needs no setup): the HMAC secret of signature codes and the sealing
 * certificate (self-signed RSA-2048, SHA-256, in a PKCS#12). In production, `SIGNING_P12_PATH` +
 * `SIGNING_P12_PASSWORD` name a certificate of a trust service instead.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { DomainId } from '../../contract/constants.ts';
import { type Queryable, schemaOf } from '../db/db.ts';

export interface SealingP12 {
  readonly p12: Buffer;
  readonly passphrase: string;
  readonly source: 'embedded' | 'file';
}

async function material(
  q: Queryable,
  domain: DomainId,
  name: string,
  create: () => { value: Buffer; secret: string | null },
): Promise<{ value: Buffer; secret: string | null }> {
  const table = `${schemaOf(domain)}.signing_material`;
  const read = async () =>
    (
      await q.query<{ value: Uint8Array; secret: string | null }>(
        `SELECT value, secret FROM ${table} WHERE name = $1`,
        [name],
      )
    ).rows[0];
  const found = await read();
  if (found) return { value: Buffer.from(found.value), secret: found.secret };
  const made = create();
  // Two first uses at once: the first insert wins and both read it back.
  await q.query(`INSERT INTO ${table} (name, value, secret) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, [
    name,
    made.value,
    made.secret,
  ]);
  const stored = await read();
  return stored ? { value: Buffer.from(stored.value), secret: stored.secret } : made;
}

/** The domain's secret for signature-code HMACs. */
export async function codeSecret(q: Queryable, domain: DomainId): Promise<Buffer> {
  return (await material(q, domain, 'code-secret', () => ({ value: randomBytes(32), secret: null }))).value;
}

/** A self-signed sealing certificate in a PKCS#12 (3DES, as every reader accepts). ASCII names only: forge
 * encodes subject strings byte-wise, so a non-ASCII one breaks the PKCS#12 MAC. */
export function createSelfSignedP12(commonName: string, passphrase: string): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Paie Docs' },
    { name: 'countryName', value: 'FR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

export async function sealingP12(
  q: Queryable,
  domain: DomainId,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SealingP12> {
  if (env.SIGNING_P12_PATH) {
    return { p12: readFileSync(env.SIGNING_P12_PATH), passphrase: env.SIGNING_P12_PASSWORD ?? '', source: 'file' };
  }
  const stored = await material(q, domain, 'seal-p12', () => {
    const passphrase = randomBytes(18).toString('base64url');
    return {
      value: createSelfSignedP12(`Paie Docs - cachet electronique (${domain})`, passphrase),
      secret: passphrase,
    };
  });
  return { p12: stored.value, passphrase: stored.secret ?? '', source: 'embedded' };
}
