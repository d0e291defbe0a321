import fc from 'fast-check';
import { replySerializer, serialiseAnswer } from './answer-text';

describe('answer text (a stored answer is serialised once)', () => {
  it('sends the text stored for that very object, even if the object changed since', () => {
    const answer: Record<string, unknown> = { rollId: 'r1', hp: 3 };
    const text = serialiseAnswer(answer);
    expect(text).toBe('{"rollId":"r1","hp":3}');
    answer.hp = 4; // what was stored is what a retry replays, and so what the first answer sends
    expect(replySerializer(answer)).toBe(text);
  });

  it('serialises any other value as JSON.stringify does', () => {
    serialiseAnswer({ a: 1 });
    expect(replySerializer({ a: 1 })).toBe('{"a":1}'); // an equal object, not the same one
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(replySerializer(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('remembers objects only, and returns what JSON.stringify returns for everything', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(serialiseAnswer(value)).toBe(JSON.stringify(value));
        expect(replySerializer(value)).toBe(JSON.stringify(value));
      }),
    );
  });
});
