/**
 * What a PAdES validator checks of a B-B signature, done by hand with node's own crypto (not the code
 * that built it): the SubFilter, the byte range, the CMS digest, the signature over the signed
 * attributes, and the ESS signing-certificate-v2 binding the embedded certificate. Every signature of
 * a file is checked over its own byte range: an earlier one covers the revision it signed (up to that
 * revision's %%EOF), the last one the whole file. Shared by the signbook seal and the documents'
 * deposit certificate suites.
 */
import { X509Certificate, createHash, verify } from 'node:crypto';
import forge from 'node-forge';
import { expect } from 'vitest';

const oidOf = (node: forge.asn1.Asn1) => forge.asn1.derToOid(node.value as string);
const kids = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bin = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
const derOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface CheckedSignature {
  /** The byte range's end: the length of the revision this signature covers. */
  readonly signedLength: number;
  readonly subject: string;
  readonly serialNumber: string;
}

/** Checks the one signature of `pdf`, the product's, covering the whole file. */
export function verifySignature(pdf: Buffer): CheckedSignature {
  const [only, ...more] = verifyEverySignature(pdf);
  expect(more).toHaveLength(0);
  expect(only!.subject).toContain('Paie Docs');
  return only!;
}

/** Checks every signature of `pdf`, in file order; the last covers the whole file. */
export function verifyEverySignature(pdf: Buffer): CheckedSignature[] {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  expect(ranges.length).toBeGreaterThan(0);
  const subFilters = [...text.matchAll(/\/SubFilter\s*\/([\w.]+)/g)].map((m) => m[1]);
  expect(subFilters).toEqual(ranges.map(() => 'ETSI.CAdES.detached'));
  // The signing time lives in the signature dictionary (annotations may carry an /M of their own).
  expect(text.match(/\/M\s*\(D:\d{14}/g)?.length ?? 0).toBeGreaterThanOrEqual(ranges.length);
  const checked = ranges.map((range) => {
    const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
    expect(a).toBe(0);
    // A revision ends with %%EOF (and at most a line end).
    expect(pdf.subarray(0, c + d).toString('latin1')).toMatch(/%%EOF\r?\n?$/);
    return { ...verifyCms(pdf, [a, b, c, d]), signedLength: c + d };
  });
  expect(checked.at(-1)!.signedLength).toBe(pdf.length);
  return checked;
}

function verifyCms(pdf: Buffer, [a, b, c, d]: [number, number, number, number]) {
  // The whole revision but the /Contents hex string (its angle brackets included in the gap).
  const gap = pdf.subarray(b, c).toString('latin1');
  expect(gap).toMatch(/^<[0-9a-fA-F]+>$/);
  const cms = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(gap.slice(1, -1), 'hex').toString('binary')), {
    parseAllBytes: false,
  } as unknown as boolean);
  expect(oidOf(kids(cms)[0]!)).toBe('1.2.840.113549.1.7.2'); // SignedData
  const signedData = kids(kids(cms)[1]!)[0]!;
  const [, , encap, certs, signerInfos] = kids(signedData);
  expect(kids(encap!)).toHaveLength(1); // detached: no content inside
  const certDer = derOf(kids(certs!)[0]!);
  const cert = new X509Certificate(certDer);
  const [, , digestAlg, signedAttrs, , signature] = kids(kids(signerInfos!)[0]!);
  expect(oidOf(kids(digestAlg!)[0]!)).toBe('2.16.840.1.101.3.4.2.1'); // SHA-256
  const attrs = new Map(kids(signedAttrs!).map((attr) => [oidOf(kids(attr)[0]!), kids(kids(attr)[1]!)[0]!]));
  // contentType, messageDigest, signing-certificate-v2; no signingTime (PAdES B-B).
  expect([...attrs.keys()].sort()).toEqual([
    '1.2.840.113549.1.9.16.2.47',
    '1.2.840.113549.1.9.3',
    '1.2.840.113549.1.9.4',
  ]);
  expect(oidOf(attrs.get('1.2.840.113549.1.9.3')!)).toBe('1.2.840.113549.1.7.1');
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  expect(bin(attrs.get('1.2.840.113549.1.9.4')!).toString('hex')).toBe(sha256(signed));
  // signing-certificate-v2 → certs → first ESSCertIDv2 → certHash (SHA-256 by default).
  const essCertId = kids(kids(attrs.get('1.2.840.113549.1.9.16.2.47')!)[0]!)[0]!;
  expect(bin(kids(essCertId)[0]!).toString('hex')).toBe(sha256(certDer));
  // The signature covers the DER of the signed attributes as a SET (tag 0x31, not the [0] of the SignerInfo).
  const set = derOf(signedAttrs!);
  set[0] = 0x31;
  expect(verify('sha256', set, cert.publicKey, bin(signature!))).toBe(true);
  return { subject: cert.subject, serialNumber: cert.serialNumber };
}
