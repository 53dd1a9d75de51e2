"""Sign-up: Django ships login and logout, not this."""
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account with a username and password, sign it in, go home."""
    if request.user.is_authenticated:
        return redirect("web:home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("web:home")
    return render(request, "registration/signup.html", {"form": form})

