/** An .ico file holding one PNG image (the form every browser since Windows Vista reads). */
export function pngIco(png: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  // 0 means 256 in the one-byte width and height fields.
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.byteLength, 14);
  header.writeUInt32LE(header.length, 18); // the image follows the header
  return new Uint8Array(Buffer.concat([header, png]));
}
