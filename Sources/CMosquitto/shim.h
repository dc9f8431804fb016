#ifndef HATCH_CMOSQUITTO_SHIM_H
#define HATCH_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>
#ifdef __linux__
/* HatchMQTT's epoll backend (EpollPoller, Linux only) drives libmosquitto sockets with epoll and wakes
   itself with an eventfd; Swift's Glibc module does not export these headers. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
#endif
