/** qiniu-js error names → message keys (`uploads` namespace or the shared `upload` ones). */
const BY_NAME: Record<string, string> = {
  InvalidFile: 'uploads.qiniu.fileTooLarge',
  InvalidCustomVars: 'uploads.qiniu.customVars',
  InvalidMetadata: 'uploads.qiniu.metadata',
  InvalidToken: 'uploads.qiniu.invalidToken',
  NotAvailableUploadHost: 'uploads.qiniu.noHost',
  FileReaderReadFailed: 'upload.readFailed',
};

/** The message key to show for an error qiniu-js reported (request errors: 'Upload failed'). */
export function messageKeyOf(error: { name?: string; message?: string }): string {
  if (error.name === 'InvalidChunkSize') {
    return error.message?.includes('1024') ? 'uploads.qiniu.chunkSizeMax' : 'uploads.qiniu.chunkSizeInteger';
  }
  return (error.name && BY_NAME[error.name]) || 'upload.failed';
}
