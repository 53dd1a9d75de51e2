# Guest keys and invite tokens kept as digests (scorebook.models.KeyDigestField); Match.game's
# choices from the referee's games.

import secrets

from django.db import migrations, models

import scorebook.models


def digests(apps, schema_editor):
    """Every guest key as its digest; every invite made anew from a nonce (its old link stops working:
    the database never kept what the owner's page needs to show an old token again)."""
    Match = apps.get_model("scorebook", "Match")
    Member = apps.get_model("scorebook", "Member")
    for pk, key in Member.objects.exclude(guest_key=None).values_list("pk", "guest_key"):
        digest = scorebook.models.key_digest(str(key))
        Member.objects.filter(pk=pk).update(guest_key=scorebook.models.Digest(digest))
    for pk in Match.objects.exclude(invite_token=None).values_list("pk", flat=True):
        nonce = secrets.token_urlsafe(16)
        token = scorebook.models.invite_token_of(pk, nonce)
        Match.objects.filter(pk=pk).update(
            invite_nonce=nonce, invite_key=scorebook.models.Digest(scorebook.models.key_digest(token)))


class Migration(migrations.Migration):

    dependencies = [
        ('scorebook', '0010_match_indexes_in_the_constraints'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='invite_key',
            field=scorebook.models.KeyDigestField(blank=True, editable=False, max_length=64, null=True, unique=True),
        ),
        migrations.AddField(
            model_name='match',
            name='invite_nonce',
            field=models.CharField(blank=True, editable=False, max_length=32, null=True),
        ),
        migrations.AlterField(
            model_name='member',
            name='guest_key',
            field=scorebook.models.KeyDigestField(blank=True, editable=False, max_length=64, null=True, unique=True),
        ),
        migrations.RunPython(digests, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='match',
            name='invite_token',
        ),
        migrations.AlterField(
            model_name='match',
            name='game',
            field=models.CharField(choices=scorebook.models.game_choices, max_length=20, verbose_name='game'),
        ),
    ]
