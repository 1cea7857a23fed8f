"""``POST /api/v1/auth/session``: the phone's token also opens a browser session (the league pages).

The phone signs in once and keeps a token in its storage; the API reads that token. The league and
player pages are rendered by the server and read the session. So that the phone's one sign-in opens
both, a page that finds no session asks here with the token (in the ``Authorization`` header, which
no other site can make a browser send: no CSRF risk) and gets the session cookie back. Token
authentication only: a session cannot be turned into a new session here.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth import login
from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from companion.authentication import TokenAuthentication
from companion.sessions import session_record


class SessionFromTokenView(APIView):
    authentication_classes: list[Any] = [TokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        # a new session key for the user (login rotates it): a planted session id is worthless
        user = cast(User, request.user)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        # bound to the token: signing it out (auth/logout) or everywhere ends this session too
        session_record(request._request, user, getattr(request.auth, "token_key", ""))
        return Response(status=status.HTTP_204_NO_CONTENT)
