from __future__ import annotations

from django.urls import path

from api import auth_session, live, views

app_name = "api"

urlpatterns = [
    path("ping", views.PingView.as_view(), name="ping"),
    path("auth/guest", views.GuestView.as_view(), name="auth-guest"),
    path("auth/token", views.TokenView.as_view(), name="auth-token"),
    path("auth/logout", views.LogoutView.as_view(), name="auth-logout"),
    path("auth/session", auth_session.SessionFromTokenView.as_view(), name="auth-session"),
    path("auth/logout-all", views.LogoutAllView.as_view(), name="auth-logout-all"),
    path("games", views.GamesView.as_view(), name="games"),
    path("players", views.PlayerListView.as_view(), name="players"),
    path("players/me", views.PlayerMeView.as_view(), name="player-me"),
    path("players/recent", views.PlayerRecentView.as_view(), name="player-recent"),
    path("leagues", views.LeagueListView.as_view(), name="leagues"),
    path("leagues/<id:league_id>", views.LeagueDetailView.as_view(), name="league"),
    path("leagues/<id:league_id>/members", views.LeagueMembersView.as_view(), name="league-members"),
    path("invitations", views.InvitationListView.as_view(), name="invitations"),
    path(
        "invitations/<id:invitation_id>/accept",
        views.InvitationAnswerView.as_view(accept=True),
        name="invitation-accept",
    ),
    path(
        "invitations/<id:invitation_id>/decline",
        views.InvitationAnswerView.as_view(accept=False),
        name="invitation-decline",
    ),
    path("matches", views.MatchListView.as_view(), name="matches"),
    path("matches/join", views.MatchJoinView.as_view(), name="match-join"),
    path("matches/<id:match_id>", views.MatchDetailView.as_view(), name="match"),
    path("matches/<id:match_id>/rematch", views.MatchRematchView.as_view(), name="match-rematch"),
    path("matches/<id:match_id>/join-code", views.JoinCodeView.as_view(), name="match-join-code"),
    path("matches/<id:match_id>/summary", views.MatchSummaryView.as_view(), name="match-summary"),
    path("matches/<id:match_id>/live", live.LiveView.as_view(), name="match-live"),
    path("matches/<id:match_id>/live-ticket", live.LiveTicketView.as_view(), name="match-live-ticket"),
    path("matches/<id:match_id>/legal-actions", views.LegalActionsView.as_view(), name="match-legal-actions"),
    path("matches/<id:match_id>/entry-form", views.EntryFormView.as_view(), name="match-entry-form"),
    path("matches/<id:match_id>/record", views.RecordView.as_view(), name="match-record"),
    path("matches/<id:match_id>/events", views.EventListView.as_view(), name="match-events"),
    path("matches/<id:match_id>/events/<id:seq>/void", views.EventVoidView.as_view(), name="event-void"),
    path("matches/<id:match_id>/events/<id:seq>/amend", views.EventAmendView.as_view(), name="event-amend"),
    path("matches/<id:match_id>/claims", views.ClaimListView.as_view(), name="match-claims"),
    path("claims/<id:claim_id>", views.ClaimDetailView.as_view(), name="claim"),
    path("claims/<id:claim_id>/accept", views.ClaimAcceptView.as_view(), name="claim-accept"),
    path("records/import", views.RecordImportView.as_view(), name="record-import"),
]
