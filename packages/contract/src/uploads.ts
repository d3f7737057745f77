import { z } from 'zod';

/**
 * File uploads through signed, expiring URLs (DESIGN.md "Real components"): the API signs a PUT
 * URL for one file of one type and size limit, the browser PUTs the bytes there, and the file is
 * then read at `fileUrl`. The same flow serves company documents, employee photos (/photos/sign)
 * and the OneView background (/photos/upload).
 */
export const UPLOADS_PATH = '/uploads';

/** Content types the portal accepts, with the extension the stored file gets. */
export const uploadContentTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
} as const;
export type UploadContentType = keyof typeof uploadContentTypes;
const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const MB = 1024 * 1024;
/** What each folder accepts. SPEC.md: the OneView background must be under 2MB. */
export const uploadFolders = {
  'company-documents': {
    maxBytes: 10 * MB,
    types: Object.keys(uploadContentTypes) as UploadContentType[],
  },
  'profile-photos': { maxBytes: 2 * MB, types: [...imageTypes] },
  oneViewBgImg: { maxBytes: 2 * MB, types: [...imageTypes] },
  /** a photo of a company asset (/asset-tracker) */
  'asset-photos': { maxBytes: 5 * MB, types: [...imageTypes] },
  /** a file attached to a ticket (/task-center, /ticket-center, the external ticket center) */
  'ticket-attachments': {
    maxBytes: 10 * MB,
    types: Object.keys(uploadContentTypes) as UploadContentType[],
  },
} as const satisfies Record<string, { maxBytes: number; types: readonly UploadContentType[] }>;
export type UploadFolder = keyof typeof uploadFolders;
export const uploadFolderNames = Object.keys(uploadFolders) as UploadFolder[];
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(uploadFolders).map((f) => f.maxBytes));

/** SPEC.md section 7: `file_type` and `file_name` (POST /companies/documents/upload, /photos/sign). */
export const signUploadRequestSchema = z.strictObject({
  file_type: z.enum(
    Object.keys(uploadContentTypes) as [UploadContentType, ...UploadContentType[]],
    {
      error: 'This kind of file cannot be uploaded',
    },
  ),
  file_name: z.string().trim().min(1, 'A file name is required').max(200),
});
export type SignUploadRequest = z.infer<typeof signUploadRequestSchema>;

export const signedUploadSchema = z.object({
  /** PUT the file's bytes here with the same Content-Type, before `expiresAt`. */
  signedUrl: z.string(),
  /** Where the file is read once uploaded, relative to the API host (store this one). */
  fileUrl: z.string(),
  key: z.string(),
  contentType: z.string(),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type SignedUpload = z.infer<typeof signedUploadSchema>;

export const uploadedFileSchema = z.object({
  key: z.string(),
  fileUrl: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadMessages = {
  uploaded: 'File uploaded',
  expired: 'This upload link has expired',
  invalid: 'This upload link is not valid',
  tooLarge: (maxBytes: number) => `The file must be smaller than ${Math.round(maxBytes / MB)}MB`,
  wrongType: 'The file type does not match the upload link',
  exists: 'This file has already been uploaded',
  readInvalid: 'This file link is not valid',
  readExpired: 'This file link has expired; open the file again from its page',
} as const;

/**
 * What a record stores for an uploaded file: its address without a read link's query
 * (`/api/uploads/<key>?expires=…&signature=…` -> `/api/uploads/<key>`). The API hands out signed
 * read links in the records it answers with, and a form sends them back as they came.
 */
export function storedFileAddress(value: string): string {
  return value.startsWith(`/api${UPLOADS_PATH}/`) ? (value.split('?')[0] ?? value) : value;
}
