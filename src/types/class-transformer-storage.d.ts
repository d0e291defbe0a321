/** class-transformer ships its metadata storage as `cjs/storage` with the types under `types/`. */
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
