"""The cached sheet's rows move out of ``Match.sheet`` into one ``SheetRow`` each, so that a deal
appended inserts a row instead of rewriting the whole sheet. Each match's sheet is split as it
is: the rows are copied, not replayed (a sheet made under older rules stays stale, and is replayed
as before: by its next reader, its next write or ``rebuild_sheets``)."""

from django.db import migrations, models
import django.db.models.deletion

import scorebook.models

BATCH = 500


def split_sheets(apps, schema_editor):
    Match = apps.get_model("scorebook", "Match")
    SheetRow = apps.get_model("scorebook", "SheetRow")
    for match in Match.objects.exclude(sheet=None).only("pk", "sheet").iterator(chunk_size=200):
        sheet = match.sheet
        if not isinstance(sheet, dict) or "rows" not in sheet:
            continue
        rows = [SheetRow(match_id=match.pk, number=row["number"], row=row) for row in sheet["rows"] or []]
        SheetRow.objects.bulk_create(rows, batch_size=BATCH)
        Match.objects.filter(pk=match.pk).update(sheet={key: value for key, value in sheet.items() if key != "rows"})


def join_sheets(apps, schema_editor):
    Match = apps.get_model("scorebook", "Match")
    SheetRow = apps.get_model("scorebook", "SheetRow")
    for match in Match.objects.exclude(sheet=None).only("pk", "sheet").iterator(chunk_size=200):
        if not isinstance(match.sheet, dict):
            continue
        rows = list(SheetRow.objects.filter(match_id=match.pk).order_by("number").values_list("row", flat=True))
        Match.objects.filter(pk=match.pk).update(sheet={**match.sheet, "rows": rows})


class Migration(migrations.Migration):

    dependencies = [
        ('scorebook', '0008_confirmation_mode'),
    ]

    operations = [
        migrations.CreateModel(
            name='SheetRow',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('row', models.JSONField(decoder=scorebook.models.StoredJSON)),
                ('match', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                            related_name='sheet_rows', to='scorebook.match')),
            ],
            options={
                'ordering': ['match', 'number'],
                'constraints': [models.UniqueConstraint(fields=('match', 'number'), name='one_sheet_row_per_deal')],
            },
        ),
        migrations.RunPython(split_sheets, join_sheets),
    ]
