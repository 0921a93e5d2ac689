from django.contrib import admin

from games.models import Game, Hand, HandRevision, Invite, League, Membership, Player, Seat


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    # A seat's figures are the engine's, worked out from the hands (games.figures): never typed in.
    readonly_fields = Seat.RESULT_FIELDS


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created_at"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "user"]
    list_filter = ["league"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["pk", "league", "variant", "status", "hand_count", "created_at"]
    list_filter = ["variant", "status"]
    inlines = [SeatInline, HandInline]


admin.site.register(Invite)
admin.site.register(HandRevision)
