from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications.services import notices


class NoticeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()
    url = serializers.CharField()
    game_id = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


def _item(n) -> dict:
    return {
        "id": n.pk,
        "kind": n.kind,
        "text": notices.text(n),
        "url": n.url,
        "game_id": n.game_id,
        "created_at": n.created_at,
        "read": n.read_at is not None,
    }


class NoticeListView(APIView):
    """The caller's recent notices (newest first) and how many are unread."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses=inline_serializer(
            "NoticeList", {"unread": serializers.IntegerField(), "results": NoticeSerializer(many=True)}
        )
    )
    def get(self, request):
        items = [_item(n) for n in notices.recent(request.user, limit=50)]
        return Response(
            {"unread": notices.unread_count(request.user), "results": NoticeSerializer(items, many=True).data}
        )


class MarkReadView(APIView):
    """Mark the given notices read (``ids``), or all of them when no ids are given."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=inline_serializer(
            "MarkRead", {"ids": serializers.ListField(child=serializers.IntegerField(), required=False)}
        ),
        responses=inline_serializer(
            "MarkedRead", {"marked": serializers.IntegerField(), "unread": serializers.IntegerField()}
        ),
    )
    def post(self, request):
        ids = request.data.get("ids") if isinstance(request.data, dict) else None
        if ids is not None and (not isinstance(ids, list) or not all(isinstance(i, int) for i in ids)):
            return Response({"detail": _("ids must be a list of notice ids.")}, status=400)
        marked = notices.mark_read(request.user, ids)
        return Response({"marked": marked, "unread": notices.unread_count(request.user)})
