// Issue 25 on the phone: a suggested player is sent by id only while its name is unchanged; the
// account calls speak the documented API (docs/people.md).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createApi } from "../../../web/static/web/js/api.js";
import { seatRef } from "../../../web/static/web/js/suggest.js";

test("a picked suggestion is sent as its player id until the name is edited", () => {
  const input = { value: "Bea ", dataset: { player: "7", pickedName: "Bea" } };
  assert.equal(seatRef(input), 7);
  input.value = "Beatrix";
  assert.equal(seatRef(input), null);
  assert.equal(seatRef({ value: "Bea", dataset: {} }), null);
});

function recorder(answer = { status: 200, body: {} }) {
  const calls = [];
  const forgotten = [];
  const api = createApi({
    token: () => "t0k",
    forget: (code) => forgotten.push(code),
    fetch: async (url, init) => {
      calls.push({ url, method: init.method, body: init.body && JSON.parse(init.body) });
      return { ok: answer.status < 400, status: answer.status, text: async () => JSON.stringify(answer.body) };
    },
  });
  return { api, calls, forgotten };
}

test("sign-up, upgrade, reset and merges post what the API documents", async () => {
  const { api, calls } = recorder();
  await api.signup({ email: "bea@example.org", password: "pw" });
  await api.upgrade({ username: "ann", email: "", password: "pw" });
  await api.resetConfirm("MQ", "tok", "new");
  await api.merge(3, 10, 11);
  await api.inviteAccept("s3cr/t");
  assert.deepEqual(calls.map((c) => [c.url, c.method]), [
    ["/api/v1/auth/signup", "POST"], ["/api/v1/auth/upgrade", "POST"], ["/api/v1/auth/password-reset/confirm", "POST"],
    ["/api/v1/leagues/3/merges", "POST"], ["/api/v1/invites/s3cr%2Ft", "POST"],
  ]);
  assert.deepEqual(calls[2].body, { uid: "MQ", token: "tok", new_password: "new" });
  assert.deepEqual(calls[3].body, { player: 10, into: 11 });
});

test("a refused token tells the session why (an expired guest is kept for the upgrade)", async () => {
  const { api, forgotten } = recorder({ status: 401, body: { code: "guest_token_expired", message: "expired" } });
  await assert.rejects(api.account(), (e) => e.code === "guest_token_expired");
  assert.deepEqual(forgotten, ["guest_token_expired"]);
});
