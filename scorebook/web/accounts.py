"""The account: sign-up (Django ships login and logout, not this; limited per address, and closed
to an address over its failed sign-ins), the API token page (see, make or replace one's token),
and "sign out everywhere"."""
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from rest_framework.authtoken.models import Token

from scorebook import accounts, limits


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account with a username and password, sign it in, go home."""
    if request.user.is_authenticated:
        return redirect("web:home")
    failures = limits.FailedSignIns()
    # An address spraying passwords signs up no more than it signs in (and hashes nothing).
    if request.method == "POST" and failures.refuses(request):
        return limits.too_many(request, failures.wait(), "locked_out")
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Counted only when an account is about to be made: a mistyped form costs nothing.
        rate = limits.SignUps()
        # SignUps counts by address (META alone), with no view: a Django request does.
        if not rate.allow_request(request, None):
            return limits.too_many(request, rate.wait())
        user = form.save()
        login(request, user, backend=accounts.BACKEND)
        return redirect("web:home")
    return render(request, "registration/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def api_token(request: HttpRequest) -> HttpResponse:
    """The caller's API token: its key and when it expires; a new one (the old one stops working),
    or none."""
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            accounts.token_revoke(user=request.user)
            messages.success(request, _("The API token is deleted: nothing signs in with it any more."))
        else:
            accounts.token_renew(user=request.user)
            messages.success(request, _("Here is a new API token; the old one no longer works."))
        return redirect("web:api-token")
    assert request.user.is_authenticated  # login_required
    token = Token.objects.filter(user=request.user).first()
    context = {"token": token, "expires": accounts.token_expires(token) if token else None,
               "expired": accounts.token_expired(token) if token else False}
    return render(request, "registration/api_token.html", context)


@login_required
@require_POST
def sign_out_everywhere(request: HttpRequest) -> HttpResponse:
    """End every session of the caller (on every phone and computer) and delete its API token."""
    accounts.sign_out_everywhere(user=request.user)
    logout(request)
    messages.success(request, _("You are signed out everywhere, and your API token is deleted."))
    return redirect("web:home")
