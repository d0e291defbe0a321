import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import type { DocumentNode } from 'graphql';

/**
 * Heap bytes a parsed, validated GraphQL document keeps per character of its source, an upper
 * bound: graphql-js's AST with its locations keeps every token in a linked list, and measured on
 * graphql 16 under Node 20 and 24 a document takes 40–90 bytes a character (`document-store.spec.ts`
 * checks the bound on the running versions).
 */
export const HEAP_BYTES_PER_SOURCE_CHARACTER = 100;

/** What the documents Apollo keeps parsed and validated may take of the heap, all together. */
export const DOCUMENT_STORE_BYTES = 16 * 1024 * 1024;

/** A document without locations (none of ours): priced as a 1,000-character source. */
const UNLOCATED_DOCUMENT_BYTES = 1000 * HEAP_BYTES_PER_SOURCE_CHARACTER;

export function documentHeapBytes(document: DocumentNode): number {
  const characters = document.loc?.end;
  return characters === undefined
    ? UNLOCATED_DOCUMENT_BYTES
    : Math.max(1, characters * HEAP_BYTES_PER_SOURCE_CHARACTER);
}

/**
 * Apollo's document store, bounded by what its documents really take of the heap.
 *
 * Apollo Server keeps every document it has parsed and validated, keyed by the query's hash, in a
 * least-recently-used cache of 30 MiB by default. It prices a document by the length of its JSON,
 * which leaves out the token list every location points into: a document really takes about four
 * times that, so the default store grows to some 120 MB of heap, and every garbage collection that
 * marks the whole heap has it to walk. A client that inlines its values rather than passing
 * variables (a bot building `createCharacter(input: { name: "…" })` per call) fills it. Here a
 * document is priced by its source length, without serialising it, and the store keeps at most
 * `maxBytes` of them: a few hundred operations of the usual size, far more than a client's set of
 * operations.
 */
export function documentStore(maxBytes = DOCUMENT_STORE_BYTES): InMemoryLRUCache<DocumentNode> {
  return new InMemoryLRUCache<DocumentNode>({ maxSize: maxBytes, sizeCalculation: documentHeapBytes });
}
