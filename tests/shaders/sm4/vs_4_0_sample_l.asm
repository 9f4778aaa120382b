// vs_4_0: a vertex texture fetch with sample_l (explicit level), and its declarations.
vs_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input v0.xyzw
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_temps 1
sample_l r0.xyzw, v1.xyxx, t0.xyzw, s0, l(0)
add o0.xyzw, v0.xyzw, r0.xyzw
ret
