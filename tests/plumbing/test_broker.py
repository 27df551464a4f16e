"""The Redis broker transport keeps one client per channel (plumbing/broker.py).

It overrides ``_create_client``, which is not kombu's public API: verified on kombu 5.7 only; a new
kombu must be checked against these tests and measured again (bench/outbox_record.py).
"""

import inspect
import uuid

import kombu
from kombu import Connection, Exchange, Queue
from kombu.transport import redis as kombu_redis

from plumbing import broker
from tests.support.redis import needs_redis

URL = "redis://127.0.0.1:6379/11"
VERIFIED_KOMBU = ((5, 7), (5, 8))  # from, up to but not including


def test_kombu_is_a_version_the_transport_was_verified_on():
    version = tuple(int(part) for part in kombu.__version__.split(".")[:2])
    assert VERIFIED_KOMBU[0] <= version < VERIFIED_KOMBU[1], kombu.__version__


def test_kombu_still_makes_its_redis_clients_where_the_transport_overrides_it():
    assert list(inspect.signature(kombu_redis.Channel._create_client).parameters) == ["self", "asynchronous"]


@needs_redis
def test_messages_published_through_one_channel_share_one_client_and_all_arrive():
    name = f"test-broker-{uuid.uuid4().hex}"
    queue = Queue(name, Exchange(name, type="direct"), routing_key=name)
    with Connection(URL, transport=broker.Transport) as connection:
        channel = connection.default_channel
        assert isinstance(channel, broker.Channel)
        producer = connection.Producer(channel)
        for n in range(3):
            producer.publish({"n": n}, exchange=queue.exchange, routing_key=name, declare=[queue])
        clients = {id(channel._create_client()) for _ in range(3)}
        assert len(clients) == 1
        # The blocking reads keep clients of their own.
        assert channel._create_client(asynchronous=True) is not channel._create_client()
        with connection.SimpleQueue(queue) as simple:
            received = []
            for _ in range(3):
                message = simple.get(timeout=2)
                received.append(message.payload["n"])
                message.ack()
            assert received == [0, 1, 2]
            simple.queue.delete()


@needs_redis
def test_a_new_pool_gets_a_new_client():
    with Connection(URL, transport=broker.Transport) as connection:
        channel = connection.default_channel
        first = channel._create_client()
        channel._pool = None  # as kombu does when it drops the channel's connections
        second = channel._create_client()
        assert second is not first
        assert second.connection_pool is channel.pool
        assert second.ping()
