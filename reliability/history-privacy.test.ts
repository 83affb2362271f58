// A sign-in's details in History (and the address of any entry) are for Owners and the member
// themself; everyone else sees who and when. They once went to every level, so a movies-only Viewer
// could read the Owners' IP addresses.
import { SITES } from "@backoffice/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN } from "../apps/api/test/helpers.ts";
import { report, type Stack, startStack } from "./support.ts";

const OWNER_ADDRESS = "198.51.100.41";
const OWNER_BROWSER = "Mozilla/5.0 (OwnerProbe41; Distinctive) Gecko/20100101 Firefox/141.0";
const EDITOR_ADDRESS = "203.0.113.12";
const EDITOR_BROWSER = "Mozilla/5.0 (EditorProbe12; Distinctive) Gecko/20100101 Firefox/141.0";

let stack: Stack;
let owner: string;
let viewer: string;
let editor: string;
beforeAll(async () => {
  stack = await startStack();
  const { api } = stack;
  await api.createUser("movies.viewer@example.com", "Viewer-pass-41", "admin", {
    level: "viewer",
    sites: ["movies"],
  });
  await api.createUser("sportbn.editor@example.com", "Editor-pass-41", "admin", {
    level: "editor",
    sites: ["sportbn"],
  });
  const signIn = async (email: string, password: string, address?: string, browser?: string) => {
    const answer = await api.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email, password },
      ...(address ? { remoteAddress: address } : {}),
      headers: browser ? { "user-agent": browser } : {},
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.token as string;
  };
  owner = await signIn(ADMIN.email, ADMIN.password, OWNER_ADDRESS, OWNER_BROWSER);
  editor = await signIn("sportbn.editor@example.com", "Editor-pass-41", EDITOR_ADDRESS, EDITOR_BROWSER);
  viewer = await signIn("movies.viewer@example.com", "Viewer-pass-41");
  // The Owner also changes something from that address that every site's History shows (a Team entry).
  const invited = await api.inject({
    method: "POST",
    url: "/api/v1/team/invitations",
    remoteAddress: OWNER_ADDRESS,
    headers: {
      authorization: `Bearer ${owner}`,
      "x-csrf-token": await api.csrf(owner),
      "user-agent": OWNER_BROWSER,
    },
    payload: { email: "someone.new@example.com", level: "viewer", sites: ["movies"] },
  });
  expect(invited.statusCode, invited.body).toBe(201);
}, 120_000);
afterAll(() => stack.close());

interface Entry {
  _id: string;
  admin: string | null;
  resource: string;
  recordId: string | null;
}

/** Every History read a member can make that shows sign-ins: each site they read, each such filter, the overview. */
async function everyRead(token: string, sessionIds: string[]) {
  const bodies: { url: string; body: string }[] = [];
  const signIns: Entry[] = [];
  for (const site of SITES) {
    const base = `/api/v1/${site}`;
    const probe = await stack.api.as(token, { method: "GET", url: `${base}/history` });
    if (probe.statusCode === 403) continue;
    const urls = [
      `${base}/history`,
      `${base}/history?signIns=true`,
      `${base}/history?resource=session`,
      `${base}/history?resource=session&limit=100`,
      `${base}/history?resource=team`,
      `${base}/history?admin=${encodeURIComponent(ADMIN.email)}`,
      `${base}/history?admin=${encodeURIComponent(ADMIN.email)}&resource=session`,
      // A deeper keyset page (docs/ARCHITECTURE.md#paging-long-lists): the sign-ins older than the newest id.
      `${base}/history?resource=session&after=999999999&limit=1`,
      `${base}/history?resource=session&before=0&limit=1`,
      ...sessionIds.map((id) => `${base}/history/session/${id}`),
      `${base}/overview`,
    ];
    for (const url of urls) {
      const answer = await stack.api.as(token, { method: "GET", url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      bodies.push({ url, body: answer.body });
      if (url.endsWith("/history?resource=session"))
        signIns.push(...(answer.json().data as Entry[]).filter((entry) => entry.resource === "session"));
    }
  }
  return { bodies, signIns };
}

it("shows a sign-in's address and browser to Owners and the member themself, to no other member", async () => {
  // The Owner sees everything, the session ids included (the single-record reads below use them).
  const ownerReads = await everyRead(owner, []);
  const sessionIds = [
    ...new Set(ownerReads.signIns.map((entry) => entry.recordId).filter((id): id is string => !!id)),
  ];
  expect(sessionIds.length).toBeGreaterThanOrEqual(3);
  const ownerSees = (await everyRead(owner, sessionIds)).bodies.map((read) => read.body).join("\n");
  for (const detail of [OWNER_ADDRESS, OWNER_BROWSER, EDITOR_ADDRESS, EDITOR_BROWSER])
    expect(ownerSees, `the Owner sees ${detail}`).toContain(detail);

  const leaks: string[] = [];
  let reads = 0;
  for (const [who, token, own] of [
    ["the movies-only Viewer", viewer, []],
    ["the sportbn Editor", editor, [EDITOR_ADDRESS, EDITOR_BROWSER]],
  ] as const) {
    const { bodies, signIns } = await everyRead(token, sessionIds);
    expect(bodies.length, who).toBeGreaterThan(0);
    reads += bodies.length;
    // That the Owner signed in is still there: who and when.
    expect(
      signIns.some((entry) => entry.admin === ADMIN.email),
      who,
    ).toBe(true);
    for (const { url, body } of bodies)
      for (const detail of [
        OWNER_ADDRESS,
        OWNER_BROWSER,
        ...(own.length ? [] : [EDITOR_ADDRESS, EDITOR_BROWSER]),
      ])
        if (body.includes(detail)) leaks.push(`${who} reads ${detail} in GET ${url}`);
    // The member's own sign-in keeps its details for them.
    const everything = bodies.map((read) => read.body).join("\n");
    for (const detail of own) expect(everything, `${who} sees their own ${detail}`).toContain(detail);
  }
  expect(leaks, leaks.join("\n")).toEqual([]);
  report("history-privacy", { reads, sessions: sessionIds.length, leaks: leaks.length });
});
