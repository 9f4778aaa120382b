// vs_3_0: vertex texture fetch: sampler declarations and texldl.
vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_2d s0
dcl_cube s1
dcl_volume s2
dcl_2d s3
texldl r0, v1, s0
texldl r1, v1, s1
texldl r2, v1, s2
texldl r3.xy, v1, s3
add r0, r0, r1
add r0, r0, r2
add r0.xy, r0, r3
add o0, v0, r0
