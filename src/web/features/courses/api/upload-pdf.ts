import type { UploadError, UploadedFile, UploadKind, UploadResponse } from '@common/files';
import { UploadMessages } from '@common/files';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '@web/lib/api';
import { getDeviceId } from '@web/lib/device-id';

/**
 * POST /api/admin/uploads?kind=pdf|tutorial as multipart/form-data (the JSON client cannot send
 * files). Failures become the same ApiError as every other call; the server's title is
 * 'Upload Failed' / 'Tutorial Upload Failed' and its message the errMsg it sends.
 */
export async function uploadPdf({ file, kind }: { file: File; kind: UploadKind }): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const failedTitle = kind === 'tutorial' ? UploadMessages.failedTitleTutorial : UploadMessages.failedTitle;
  let response: Response;
  try {
    response = await fetch(`/api/admin/uploads?kind=${kind}`, {
      method: 'POST',
      // No Content-Type: the browser writes the multipart boundary itself.
      headers: { Accept: 'application/json', 'Device-Id': await getDeviceId() },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'We could not reach the server. Please check your connection and try again.', failedTitle);
  }
  const data = (await response.json().catch(() => undefined)) as Partial<UploadResponse & UploadError> | undefined;
  if (!response.ok || !data?.file) {
    const message =
      data?.errMsg || data?.error?.message || (kind === 'tutorial' ? 'Failed to upload tutorial PDF' : 'Failed to upload PDF');
    throw new ApiError(response.status, data?.error?.code ?? `HTTP_${response.status}`, message, data?.error?.title ?? failedTitle);
  }
  return data.file;
}

export const useUploadPdf = () => useMutation({ mutationFn: uploadPdf });
