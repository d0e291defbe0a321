/*
 * A stateful answer is serialised once. `Database.mutation` writes the JSON text of an answer to
 * store it under the request's Idempotency-Key; Fastify's reply serializer (app.factory.ts) sends
 * that same text when the route answers that same object, instead of serialising it a second time.
 * Anything else (another object, a string, a number) is serialised as Fastify's default does, with
 * `JSON.stringify`. The text is what a retry replays, so the first answer and every replay are the
 * same bytes.
 */

const texts = new WeakMap<object, string>();

/** `JSON.stringify(value)`, remembered for `replySerializer` when the value is an object. */
export function serialiseAnswer(value: unknown): string {
  const text = JSON.stringify(value);
  if (typeof value === 'object' && value !== null) texts.set(value, text);
  return text;
}

/** Fastify's reply serializer: the remembered text of an answer, else `JSON.stringify`. */
export function replySerializer(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null) {
    const text = texts.get(payload);
    if (text !== undefined) return text;
  }
  return JSON.stringify(payload);
}
