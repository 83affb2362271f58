import type { SessionUser } from "@/lib/session";

export type MessageAnswer = { status: "success"; message?: string };
export type LoginAnswer = { status: "success"; data: { user: SessionUser; token: string }; message?: string };
