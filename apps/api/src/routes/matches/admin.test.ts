import { describe, expect, it } from "vitest";
import { signedInApp } from "../../../test/helpers.ts";
import { validMatch } from "./match.testing.ts";

const t = signedInApp();

const { admin } = t;

describe("sportbn matches", () => {
  it("creates a match from the flattened payload, answers it nested, with the defaults", async () => {
    const response = await admin(
      "POST",
      "/api/v1/sportbn/matches",
      validMatch({ isFirst: "true", homeTeam_score: "2" }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Match created successfully");
    expect(response.json().data).toMatchObject({
      status: "upcoming",
      type: "football",
      type_match: "video",
      isFirst: true,
      league: { name: "Premier League", logo: "https://media.example/leagues/39.png" },
      homeTeam: { name: "Arsenal", logo: "https://media.example/teams/42.png", score: 2 },
      awayTeam: { name: "Chelsea", score: null },
      time: "20:00",
      end_time: "23:59",
    });
    const list = await admin("GET", "/api/v1/sportbn/matches");
    expect(list.json().data.map((m: { _id: string }) => m._id)).toContain(response.json().data._id);
  });

  it("requires every field with the fixed message", async () => {
    for (const field of [
      "league_name",
      "league_logo",
      "homeTeam_name",
      "homeTeam_logo",
      "awayTeam_name",
      "awayTeam_logo",
      "date",
      "time",
      "end_time",
      "matchUrl",
    ]) {
      const missing = await admin("POST", "/api/v1/sportbn/matches", validMatch({ [field]: "" }));
      expect(missing.statusCode, field).toBe(400);
      expect(missing.json().message, field).toBe("Please fill all the fields");
      expect(missing.json().errors[0].path, field).toBe(field);
    }
  });

  it("validates status, sport, type_match, date, times, logos, URL and scores, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: "paused" }, "status must be one of live, upcoming, finished"],
      [{ type: "cricket" }, "type must be one of football, basketball, tennis, hockey, AM-football"],
      [{ type_match: "stream" }, "type_match must be video or iframe"],
      [{ date: "23/11/2026" }, "date must be yyyy-MM-dd"],
      [{ date: "2026-02-30" }, "date must be a real day"],
      [{ time: "8pm" }, "time must be HH:mm"],
      [{ end_time: "24:00" }, "end_time must be HH:mm"],
      [{ homeTeam_logo: "javascript:alert(1)" }, "homeTeam_logo must be an http(s) URL"],
      [{ matchUrl: "ftp://sportbn.example" }, "matchUrl must be an http(s) URL"],
      [{ awayTeam_score: "2.5" }, "awayTeam_score must be a whole number"],
      [{ isFirst: "maybe" }, "isFirst must be true or false"],
    ];
    for (const [overrides, message] of cases) {
      const response = await admin("POST", "/api/v1/sportbn/matches", validMatch(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("never stores the same fixture twice (409)", async () => {
    const fixture = validMatch({
      type: "basketball",
      homeTeam_name: "Boston Celtics",
      awayTeam_name: "New York Knicks",
    });
    expect((await admin("POST", "/api/v1/sportbn/matches", fixture)).statusCode).toBe(201);
    const again = await admin("POST", "/api/v1/sportbn/matches", {
      ...fixture,
      homeTeam_name: "boston celtics",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This match is already in Manage Matches (same sport, teams and date)");
  });

  it("refuses to accept a fixture the feed says is finished (409, saying why); one made by hand may be finished", async () => {
    const accept = (code: string) =>
      admin(
        "POST",
        "/api/v1/sportbn/matches",
        validMatch({
          status: "finished",
          feed_sport: "football",
          feed_fixture_id: `f-${code}`,
          feed_status: code,
        }),
      );
    for (const [code, words] of [
      ["FT", "finished"],
      ["AET", "finished after extra time"],
      ["PEN", "finished after penalties"],
      ["AOT", "finished after overtime"],
      ["CANC", "cancelled"],
    ]) {
      const refused = await accept(code!);
      expect(refused.statusCode, code).toBe(409);
      expect(refused.json().message, code).toBe(
        `Finished fixtures cannot be accepted: this one is ${words} (${code}).`,
      );
    }
    const list = (await admin("GET", "/api/v1/sportbn/matches")).json().data as { feedStatus: string }[];
    expect(list.some((m) => m.feedStatus === "FT")).toBe(false);
    expect((await accept("2H")).statusCode).toBe(201);
    expect(
      (await admin("POST", "/api/v1/sportbn/matches", validMatch({ status: "finished" }))).statusCode,
    ).toBe(201);
  });

  it("updates with PUT, 404 for an unknown id", async () => {
    const created = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const updated = await admin(
      "PUT",
      `/api/v1/sportbn/matches/${created._id}`,
      validMatch({
        date: created.date,
        status: "live",
        homeTeam_score: 1,
        awayTeam_score: 0,
        type_match: "iframe",
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe("Match updated successfully");
    expect(updated.json().data).toMatchObject({
      status: "live",
      type_match: "iframe",
      homeTeam: { score: 1 },
    });
    const unknown = await admin("PUT", `/api/v1/sportbn/matches/${"f".repeat(24)}`, validMatch());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Match not found");
  });

  it("deletes one or many, with their servers", async () => {
    const one = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const two = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const server = await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: one._id,
      name: "Server 2",
      url: "https://stream.example/2",
    });
    expect(server.statusCode).toBe(201);
    const single = await admin("DELETE", "/api/v1/sportbn/matches", { ids: [one._id] });
    expect(single.json()).toMatchObject({ message: "Match deleted successfully", deleted: [one._id] });
    const servers = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data;
    expect(servers.map((s: { match_id: string }) => s.match_id)).not.toContain(one._id);
    const three = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    const many = await admin("DELETE", "/api/v1/sportbn/matches", { ids: [two._id, three._id] });
    expect(many.json().message).toBe("Matches deleted successfully");
    expect((await admin("DELETE", "/api/v1/sportbn/matches", { ids: [two._id] })).statusCode).toBe(404);
  });

  it("exists on sportbn only", async () => {
    for (const site of ["apkw", "movies"]) {
      expect((await admin("GET", `/api/v1/${site}/matches`)).statusCode).toBe(404);
      expect((await admin("GET", `/api/v1/${site}/other-servers/all`)).statusCode).toBe(404);
      expect((await t.inject({ url: `/api/v1/public/${site}/matches` })).statusCode).toBe(404);
    }
  });
});

describe("sportbn other servers", () => {
  it("adds a server to an existing match; every field required; http(s) only", async () => {
    const match = (await admin("POST", "/api/v1/sportbn/matches", validMatch())).json().data;
    for (const field of ["match_id", "name", "url"]) {
      const body = { match_id: match._id, name: "HD", url: "https://stream.example/hd", [field]: "" };
      const missing = await admin("POST", "/api/v1/sportbn/other-servers", body);
      expect(missing.statusCode, field).toBe(400);
      expect(missing.json().message, field).toBe("Please fill in all fields");
    }
    const bad = await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: match._id,
      name: "HD",
      url: "javascript:alert(1)",
    });
    expect(bad.json().message).toBe("url must be an http(s) URL");
    const orphan = await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: "a".repeat(24),
      name: "HD",
      url: "https://stream.example/hd",
    });
    expect(orphan.statusCode).toBe(404);
    const created = await admin("POST", "/api/v1/sportbn/other-servers", {
      match_id: match._id,
      name: "HD",
      url: "https://stream.example/hd",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: "Server created successfully",
      data: { match_id: match._id, name: "HD", url: "https://stream.example/hd" },
    });
    const all = (await admin("GET", "/api/v1/sportbn/other-servers/all")).json().data;
    expect(all[0]._id).toBe(created.json().data._id);
    const removed = await admin("DELETE", `/api/v1/sportbn/other-servers/${created.json().data._id}`);
    expect(removed.json()).toEqual({ status: "success", message: "Server deleted successfully" });
    const again = await admin("DELETE", `/api/v1/sportbn/other-servers/${created.json().data._id}`);
    expect(again.statusCode).toBe(404);
  });

  it("the public read lists each match with its servers and follows every change", async () => {
    const match = (
      await admin("POST", "/api/v1/sportbn/matches", validMatch({ homeTeam_name: "Public FC" }))
    ).json().data;
    const read = async () =>
      (await t.inject({ url: "/api/v1/public/sportbn/matches" }))
        .json()
        .data.find((m: { _id: string }) => m._id === match._id);
    expect((await read()).servers).toEqual([]);
    const server = (
      await admin("POST", "/api/v1/sportbn/other-servers", {
        match_id: match._id,
        name: "SD",
        url: "https://s.example/sd",
      })
    ).json().data;
    expect((await read()).servers).toEqual([{ _id: server._id, name: "SD", url: "https://s.example/sd" }]);
    await admin("DELETE", "/api/v1/sportbn/matches", { ids: [match._id] });
    expect(await read()).toBeUndefined();
  });
});
