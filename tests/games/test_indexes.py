"""A foreign key gets no index of its own where a composite index or unique constraint starts with
its column: that one finds its rows as well, and each index is one more write for every row (an
import writes some 150,000, a hand a handful)."""

import pytest
from django.apps import apps
from django.db import connection, models

pytestmark = pytest.mark.django_db


def leading_columns(model: type[models.Model]) -> set[str]:
    """The fields that lead one of the model's composite indexes or whole-table unique constraints."""
    leading = {index.fields[0].lstrip("-") for index in model._meta.indexes if len(index.fields) > 1}
    leading |= {
        constraint.fields[0]
        for constraint in model._meta.constraints
        if isinstance(constraint, models.UniqueConstraint)
        and len(constraint.fields) > 1
        and constraint.condition is None
    }
    return leading


def test_no_foreign_key_repeats_an_index_it_leads():
    repeated = [
        f"{model.__name__}.{field.name}"
        for model in apps.get_app_config("games").get_models()
        for field in model._meta.fields
        if field.is_relation and field.db_index and field.name in leading_columns(model)
    ]
    assert repeated == []


@pytest.mark.parametrize(
    ("model", "column"),
    [("Hand", "game_id"), ("HandRevision", "game_id"), ("Seat", "game_id"), ("Game", "league_id")],
)
def test_the_database_holds_no_index_on_the_column_alone_but_finds_its_rows_by_another(model, column):
    """The migration dropped what the models no longer declare, on either database."""
    table = apps.get_model("games", model)._meta.db_table
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    indexed = [info["columns"] for info in constraints.values() if info["index"] or info["unique"]]
    assert [column] not in indexed
    assert any(columns[0] == column for columns in indexed)
