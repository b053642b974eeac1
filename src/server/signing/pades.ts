/**
 * PAdES baseline B-B signature (ETSI EN 319 142-1; CMS per ETSI EN 319 122-1): a detached
 * CMS SignedData whose signed attributes are exactly contentType (id-data), messageDigest (SHA-256 of
 * the byte ranges) and ESS signing-certificate-v2 (SHA-256 of the signer certificate, with its issuer
 * and serial). No signingTime attribute: PAdES carries the time in the signature dictionary's /M.
 * Built with node-forge's ASN.1 (its pkcs7 signer only knows three attribute types); RSA keys.
 */
import { createHash, createPrivateKey, sign as rsaSign } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
} as const;

const U = asn1.Class.UNIVERSAL;
const seq = (value: Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, value);
const set = (value: Asn1[]) => asn1.create(U, asn1.Type.SET, true, value);
const oid = (id: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const int = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nullValue = () => asn1.create(U, asn1.Type.NULL, false, '');
const algorithm = (id: string) => seq([oid(id), nullValue()]);
const context = (tag: number, value: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, value);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: Asn1) => seq([oid(type), set([value])]);

/** DER SET OF: elements sorted by their encodings (X.690 §11.6). */
const derSetOf = (items: Asn1[]) => set([...items].sort((a, b) => Buffer.compare(der(a), der(b))));

export interface SigningIdentity {
  /** DER of the signer certificate, then of the rest of the chain. */
  readonly certificates: readonly Buffer[];
  /** PKCS#1 or PKCS#8 PEM of the RSA private key. */
  readonly privateKeyPem: string;
}

/** The DER of a detached CMS SignedData over `content` (PAdES B-B signed attributes). */
export function padesCms(content: Buffer, identity: SigningIdentity): Buffer {
  const signerDer = identity.certificates[0];
  if (!signerDer) throw new Error('no signer certificate');
  const certificates = identity.certificates.map((c) => asn1.fromDer(forge.util.createBuffer(c.toString('binary'))));
  // tbsCertificate: [0] version?, serialNumber, signature, issuer, …
  const tbs = (certificates[0]!.value as Asn1[])[0]!.value as Asn1[];
  const at = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const [serial, issuer] = [tbs[at]!, tbs[at + 2]!];
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

  // ESSCertIDv2 with the default hash algorithm (SHA-256, so omitted in DER) and IssuerSerial.
  const essCertId = seq([octets(sha256(signerDer)), seq([seq([context(4, [issuer])]), serial])]);
  const attributes = derSetOf([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    attribute(OID.signingCertificateV2, seq([seq([essCertId])])),
  ]);
  const signature = rsaSign('sha256', der(attributes), createPrivateKey(identity.privateKeyPem));
  // In the SignerInfo the same SET travels as [0] IMPLICIT.
  const signedAttrs = context(0, attributes.value as Asn1[]);
  const signerInfo = seq([
    int(1),
    seq([issuer, serial]),
    algorithm(OID.sha256),
    signedAttrs,
    algorithm(OID.sha256WithRSA),
    asn1.create(U, asn1.Type.OCTETSTRING, false, signature.toString('binary')),
  ]);
  const signedData = seq([
    int(1),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    context(0, certificates),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), context(0, [signedData])]));
}

/** The signer certificate (the one matching the key) first, the key as PEM. */
export function identityFromP12(p12: Buffer, passphrase: string): SigningIdentity {
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(p12.toString('binary')), false, passphrase);
  const keyBag =
    parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]?.[0] ??
    parsed.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!]?.[0];
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('no RSA private key in the PKCS#12');
  const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => Boolean(c));
  const matches = (c: forge.pki.Certificate) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
  };
  const signer = certs.find(matches);
  if (!signer) throw new Error('no certificate matches the private key of the PKCS#12');
  const toDer = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  return {
    certificates: [signer, ...certs.filter((c) => c !== signer)].map(toDer),
    privateKeyPem: forge.pki.privateKeyToPem(key),
  };
}
