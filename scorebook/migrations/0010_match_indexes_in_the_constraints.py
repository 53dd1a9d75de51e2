"""A deal's and a revision's match lose their own index: the unique constraints (match, number) and
(match, client_id) lead with the match and serve every lookup by it. Two indexes fewer to write for
every deal stored (an append, each deal of an import)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scorebook', '0009_sheet_rows'),
    ]

    operations = [
        migrations.AlterField(
            model_name='deal',
            name='match',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='deals', to='scorebook.match'),
        ),
        migrations.AlterField(
            model_name='revision',
            name='match',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='revisions', to='scorebook.match'),
        ),
    ]
