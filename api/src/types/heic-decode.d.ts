// heic-decode ships no types; this is the part of its documented API the pipeline uses.
declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  function decode(options: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
  export default decode;
}
