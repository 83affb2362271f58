import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../config.ts";

/** A stored file read back: its bytes as a stream and their count. */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where media files live (docs/MEDIA.md): one small interface, a folder under DATA_DIR or an
 * S3-compatible bucket. Keys are content-hashed file names, so a file is written once and never
 * changes; a write is whole or absent (a temp file renamed, or one PutObject).
 */
export interface MediaStorage {
  readonly kind: "folder" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such file. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Deletes a file; a file already gone is no error. */
  remove(key: string): Promise<void>;
  /** Releases the client (S3). */
  close(): void;
}

/** A folder: DATA_DIR/media by default. */
export function folderStorage(root: string): MediaStorage {
  let made: Promise<unknown> | undefined;
  return {
    kind: "folder",
    async put(key, body) {
      made ??= mkdir(root, { recursive: true });
      await made;
      const temp = join(root, `.${key}.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, body);
        await rename(temp, join(root, key));
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
    },
    async get(key) {
      const path = join(root, key);
      try {
        const { size } = await stat(path);
        return { body: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(key) {
      await unlink(join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
    close() {},
  };
}

export interface S3Settings {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** An S3 store also lists and uploads whole files (the backups' off-site copies, docs/BACKUPS.md). */
export interface S3Storage extends MediaStorage {
  /** Streams a file into the store (its size known, so the upload is one PutObject). */
  putFile(key: string, path: string): Promise<void>;
  /** The keys under `prefix`. */
  list(prefix: string): Promise<string[]>;
}

/** Any S3-compatible store, through @aws-sdk/client-s3. */
export function s3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the S3 API requires them: not every S3-compatible store knows the newer headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the upload quickly (503) rather than holding it.
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return undefined;
        throw error;
      }
    },
    async putFile(key, path) {
      const { size } = await stat(path);
      const body = createReadStream(path);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: "application/octet-stream",
          }),
        );
      } finally {
        body.destroy();
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close: () => client.destroy(),
  };
}

/** The S3 store's address and keys (MEDIA_S3_*), with `bucket` (the media's, or the backups' own). */
export const s3SettingsOf = (config: Config, bucket: string): S3Settings => ({
  endpoint: config.MEDIA_S3_ENDPOINT,
  bucket,
  region: config.MEDIA_S3_REGION,
  accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
  secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
  forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
});

/** The storage the settings name: S3 when MEDIA_S3_BUCKET is set, else DATA_DIR/media. */
export function mediaStorageOf(config: Config): MediaStorage {
  if (config.MEDIA_S3_BUCKET) return s3Storage(s3SettingsOf(config, config.MEDIA_S3_BUCKET));
  return folderStorage(join(config.DATA_DIR, "media"));
}
