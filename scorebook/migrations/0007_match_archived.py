from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scorebook', '0006_table_members_and_invites'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='archived',
            field=models.BooleanField(default=False, verbose_name='archived'),
        ),
    ]
