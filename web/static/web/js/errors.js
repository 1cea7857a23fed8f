// Error texts. Rules errors of the engines arrive already in the user's language (the API renders
// the error's template into `message`, scoring.i18n.localize); this table words the errors of the
// service and of the phone itself, keyed by their stable code. The checks the phone makes before
// sending (a total the engine's entry form names) carry their own text.
import { _, fmt } from "./i18n.js";

export function errorText(err, players = []) {
  const p = Object.assign({}, err.params || {});
  if (p.seat !== undefined) p.name = players[p.seat] || p.seat;
  if (err.text) return err.text;
  const t = {
    network: _("No connection. The entry waits in the outbox and is sent when the connection returns."),
    // claims (docs/claims.md, service section)
    no_play_in_progress: _("A claim is made while a hand is played card by card; no hand is being played now."),
    claims_not_supported: _("This hand cannot be checked for a claim."),
    not_an_active_seat: fmt(_("%(name)s takes no part in this hand's play."), p),
    claim_kind_not_valid: _("This kind of claim is not possible here (a contract claim is the declarer's)."),
    laid_down_contradicts_record: _("The cards laid down do not fit the record: lay down the whole remaining hand of the claimant."),
    claimant_hand_unknown: _("The record does not show the claimant's cards: lay them down with the claim."),
    claimant_cannot_accept: _("The claimant cannot accept their own claim."),
    claim_pending: _("The claim is still being checked: accept it once it is answered."),
    claim_settled: _("The claim held and its plays are already recorded."),
    claim_stale: _("Cards were recorded after the claim: it can no longer be accepted."),
    claim_not_found: _("This claim does not exist."),
    // the claims service says how many tricks remain (a result entry's error comes from the engine)
    tricks_out_of_range: p.remaining !== undefined
      ? fmt(_("An at-least claim names 1 to %(remaining)s of the remaining tricks."), { remaining: p.remaining }) : null,
    // the service: recording, matches, tables, accounts
    match_finished: _("The match is over: only corrections can be recorded."),
    stale_seq: _("Another phone recorded first."),
    client_event_id_reused: _("This entry was already recorded differently."),
    unknown_game: _("Choose a game."),
    invalid_join_code: _("No table has this code. Check it and try again."),
    seat_required: _("Choose your seat."),
    seat_taken: _("That seat already belongs to someone else."),
    no_such_seat: _("There is no such seat at this table."),
    duplicate_player: _("A player can take only one seat."),
    not_authenticated: _("Please sign in again."),
    authentication_failed: _("Wrong user name or password."),
    invalid_credentials: _("Wrong user name or password."),
    permission_denied: _("Only the players at this table can record entries."),
    match_not_found: _("This match does not exist or you cannot see it."),
    not_a_league_member: _("Only a league's members can start its matches."),
    invalid: _("Please check the highlighted fields."),
  }[err.code];
  return t || err.message || _("Something went wrong.");
}
