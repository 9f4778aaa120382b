// vs_1_1: every output register: oPos, oFog, oPts, oD0-oD1, oT0-oT7.
vs_1_1
dcl_position v0
dcl_color v1
dcl_texcoord v2
mov oPos, v0
mov oFog, v0.z
mov oPts, c0.x
mov oD0, v1
mov oD1, v1.zyxw
mov oT0, v2
mov oT1.xy, v2
mov oT2.xyz, v2
mov oT3.x, v2.y
mov oT4, c1
mov oT5, c2
mov oT6, c3
mov oT7, c95
