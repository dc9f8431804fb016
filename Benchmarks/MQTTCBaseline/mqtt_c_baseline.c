#include "mqtt_c_baseline.h"
#include <mosquitto.h>
#include <stdlib.h>
#include <unistd.h>

struct hatch_c_client {
    struct mosquitto *mosq;
    volatile int connected;
    volatile int acked_mid;
};

static void on_connect(struct mosquitto *mosq, void *obj, int rc) {
    (void)mosq;
    ((struct hatch_c_client *)obj)->connected = rc == 0 ? 1 : -1;
}

static void on_publish(struct mosquitto *mosq, void *obj, int mid) {
    (void)mosq;
    ((struct hatch_c_client *)obj)->acked_mid = mid;
}

hatch_c_client *hatch_c_connect(const char *host, int port, const char *client_id, bool release_socket_pair) {
    mosquitto_lib_init();
    hatch_c_client *client = calloc(1, sizeof *client);
    client->mosq = mosquitto_new(client_id, true, client);
    if (!client->mosq) { free(client); return NULL; }
    if (release_socket_pair) {
        int *fields = (int *)client->mosq; /* sock, sockpairR, sockpairW (libmosquitto 1.x-2.0 layout) */
        if (fields[0] == -1 && fields[1] >= 0 && fields[2] >= 0) {
            close(fields[1]); close(fields[2]); fields[1] = -1; fields[2] = -1;
        }
    }
    mosquitto_int_option(client->mosq, MOSQ_OPT_TCP_NODELAY, 1);
    mosquitto_connect_callback_set(client->mosq, on_connect);
    mosquitto_publish_callback_set(client->mosq, on_publish);
    if (mosquitto_connect(client->mosq, host, port, 60) != MOSQ_ERR_SUCCESS) {
        mosquitto_destroy(client->mosq); free(client); return NULL;
    }
    while (client->connected == 0) {
        if (mosquitto_loop(client->mosq, 100, 1) != MOSQ_ERR_SUCCESS) break;
    }
    if (client->connected != 1) { hatch_c_disconnect(client); return NULL; }
    return client;
}

int hatch_c_publish_burst(hatch_c_client *client, const char *topic, const void *payload, int length, int count) {
    for (int i = 0; i < count; i++) {
        if (mosquitto_publish(client->mosq, NULL, topic, length, payload, 0, false) != MOSQ_ERR_SUCCESS) return 1;
    }
    int fence = 0;
    if (mosquitto_publish(client->mosq, &fence, topic, length, payload, 1, false) != MOSQ_ERR_SUCCESS) return 1;
    while (client->acked_mid != fence) {
        if (mosquitto_loop(client->mosq, 100, 1) != MOSQ_ERR_SUCCESS) return 1;
    }
    return 0;
}

void hatch_c_disconnect(hatch_c_client *client) {
    if (!client) return;
    mosquitto_disconnect(client->mosq);
    mosquitto_loop(client->mosq, 100, 1);
    mosquitto_destroy(client->mosq);
    free(client);
}
