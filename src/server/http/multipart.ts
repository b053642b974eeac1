/**
 * The `json` part of every multipart upload (campaign creation, signbook upload, masks), read the
 * same way whatever the browser or script sent: a plain field, a field that @fastify/multipart
 * already parsed because its Content-Type is application/json, or a file part (a Blob).
 */
import type { Multipart } from '@fastify/multipart';

export class InvalidJsonPart extends Error {}

export async function jsonPartValue(part: Multipart): Promise<unknown> {
  let text: string;
  if (part.type === 'field') {
    if (typeof part.value !== 'string') return part.value;
    text = part.value;
  } else {
    text = (await part.toBuffer()).toString('utf8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidJsonPart('the json part is not JSON');
  }
}
