import {
  signUploadRequestSchema,
  signedUploadSchema,
  uploadFolders,
  uploadMessages,
  type SignedUpload,
  type UploadFolder,
} from '@portal/contract/uploads';
import { api, ApiError } from './api.ts';
import { isRecord } from './is-record.ts';

/** A file refused in the browser (its type or size), before any call: its message says why. */
export class UploadRefused extends Error {
  override readonly name = 'UploadRefused';
}

/**
 * A file uploaded through a signed URL (DESIGN.md "Real components"): `signPath` answers a
 * signedUrl for the file's type and name (SPEC.md: POST /companies/documents/upload,
 * /photos/sign), the bytes are PUT there, and the file's address is returned to be saved.
 * Checked in the browser first against what `folder` accepts, so a wrong file costs no call.
 */
export async function uploadSigned(
  signPath: string,
  folder: UploadFolder,
  file: File,
  failure: string,
  /** Name the folder in the signing request too (SPEC.md: /photos/upload takes `folder`). */
  options: { sendFolder?: boolean } = {},
): Promise<string> {
  return (await uploadSignedFile(signPath, folder, file, failure, options)).fileUrl;
}

/** As uploadSigned, answering the whole signed upload (its `key`, for records that attach by key). */
export async function uploadSignedFile(
  signPath: string,
  folder: UploadFolder,
  file: File,
  failure: string,
  options: { sendFolder?: boolean } = {},
): Promise<SignedUpload> {
  const accepts = uploadFolders[folder];
  const fileType = signUploadRequestSchema.shape.file_type.safeParse(file.type);
  if (!fileType.success || !(accepts.types as readonly string[]).includes(fileType.data))
    throw new UploadRefused('This kind of file cannot be uploaded');
  if (file.size > accepts.maxBytes)
    throw new UploadRefused(uploadMessages.tooLarge(accepts.maxBytes));
  const { data } = await api.post(
    signPath,
    {
      file_type: fileType.data,
      file_name: file.name,
      ...(options.sendFolder ? { folder } : {}),
    },
    signedUploadSchema,
  );
  const response = await fetch(data.signedUrl, {
    method: 'PUT',
    headers: { 'Content-Type': data.contentType },
    body: file,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : failure;
    throw new ApiError(response.status, message, {}, body);
  }
  return data;
}

/** What a file input offers for `folder`: its content types. */
export const acceptOf = (folder: UploadFolder): string => uploadFolders[folder].types.join(',');
