/** A file size as a person reads it in Spanish: "512 bytes", "34 KB", "1,5 MB". */
const number = new Intl.NumberFormat('es-ES');
const kilobytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

export function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${number.format(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${kilobytes.format(bytes / 1024)} KB`;
  return `${megabytes.format(bytes / 1024 / 1024)} MB`;
}
