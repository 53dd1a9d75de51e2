"""Sign-up (Django ships login and logout, not this) and the placeholder home page."""
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account with a username and password, sign it in, go home."""
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


def home_placeholder(request: HttpRequest) -> HttpResponse:
    """Stands in for the real home page until scorebook/app_urls.py provides one."""
    return render(request, "home_placeholder.html")
