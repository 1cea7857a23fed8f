// Which page this is (the template's data-page) and the module that runs it, loaded on demand so a
// page ships only its own code.
export const ROUTES = {
  home: () => import("./pages/home.js"),
  new: () => import("./pages/new.js"),
  join: () => import("./pages/join.js"),
  table: () => import("./table/page.js"),
  account: () => import("./pages/account.js"),
  reset: () => import("./pages/reset.js"),
  invite: () => import("./pages/invite.js"),
  people: () => import("./pages/people.js"),
};

export async function route(page) {
  const load = ROUTES[page];
  if (!load) return null;
  const module = await load();
  return module.start();
}
